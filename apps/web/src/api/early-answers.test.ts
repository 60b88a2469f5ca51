import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { settledEarlyAnswer } from './client';
import { startEarlyRequest, takeEarlyAnswer } from './early-answers';

const listCall = { method: 'POST' as const, body: { limit: 50, offset: 0 } };
const page = { list: [{ id: 7, cargo_quantity: 25_000 }], total_count: 1, filtered_count: 1 };

/** Answers of the server as fetch gives them; resolved when the test says so. */
function answerWith(status: number, body: unknown) {
  let release = () => {};
  const arrived = new Promise<void>((resolve) => {
    release = resolve;
  });
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      await arrived;
      return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    }),
  );
  return release;
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

beforeEach(() => localStorage.setItem('grain.accessToken', 'token-of-the-test'));
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

describe('the early answer as the first render takes it', () => {
  it('is there once it came, converted as the client converts answers, and taken once', async () => {
    const release = answerWith(200, page);
    startEarlyRequest('/transport/list', listCall);
    expect(settledEarlyAnswer('/transport/list', listCall)).toBeUndefined();
    release();
    await settle();
    expect(settledEarlyAnswer('/transport/list', listCall)).toEqual({
      list: [{ id: 7, cargoQuantity: 25_000 }],
      totalCount: 1,
      filteredCount: 1,
    });
    // Taken: neither the first render nor the client's own call gets it again.
    expect(settledEarlyAnswer('/transport/list', listCall)).toBeUndefined();
    expect(await takeEarlyAnswer('/transport/list', listCall)).toBeNull();
  });

  it('is not there for another request, and is left for the client while it has not come', async () => {
    const release = answerWith(200, page);
    startEarlyRequest('/transport/list', listCall);
    expect(settledEarlyAnswer('/transport/list', { ...listCall, body: { limit: 25, offset: 0 } })).toBeUndefined();
    const taken = takeEarlyAnswer('/transport/list', listCall);
    release();
    expect((await taken)?.status).toBe(200);
  });

  it('is never a refusal: a 4xx answer is left to the client, which asks again the usual way', async () => {
    const release = answerWith(401, { message_code: 'INVALID_TOKEN' });
    startEarlyRequest('/transport/list', listCall);
    release();
    await settle();
    expect(settledEarlyAnswer('/transport/list', listCall)).toBeUndefined();
    expect(await takeEarlyAnswer('/transport/list', listCall)).toBeNull();
  });
});
