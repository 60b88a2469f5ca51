import { notifications } from '@mantine/notifications';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { serverFieldErrors, showServerErrors } from '../components/form/server-errors';
import { ApiError, apiRequest, connectClient, MAX_RETRY_WAIT_MS } from './client';

/** The server's answers, in order, as fetch gives them; the last one repeats. */
function answers(...list: { status: number; body?: unknown; headers?: Record<string, string> }[]) {
  const fetch = vi.fn(async () => {
    const next = list.length > 1 ? list.shift()! : list[0]!;
    return new Response(next.body === undefined ? null : JSON.stringify(next.body), {
      status: next.status,
      headers: { 'content-type': 'application/json', ...next.headers },
    });
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const notFound = { status: 404, body: { message_code: 'TRANSPORT_NOT_FOUND', message: 'x' } };
const unavailable = {
  status: 503,
  body: { message_code: 'MISSING_DATABASE', message: 'x' },
  headers: { 'Retry-After': '3' },
};
const listPage = { status: 200, body: { list: [], filtered: 0, total: 0 } };

let navigate: ReturnType<typeof vi.fn<(path: string, options?: { replace?: boolean }) => void>>;
let toast: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  localStorage.setItem('grain.accessToken', 'token-of-the-test');
  navigate = vi.fn<(path: string, options?: { replace?: boolean }) => void>();
  connectClient({ navigate, onSignedOut: () => {} });
  toast = vi.spyOn(notifications, 'show').mockImplementation(() => '');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

/** The settled outcome of a call, without an unhandled rejection while timers run. */
const outcome = <T>(call: Promise<T>) =>
  call.then(
    (value) => ({ value, error: null }),
    (error: unknown) => ({ value: null, error }),
  );

describe('404: the 404 page for every method (spec/2 section 7)', () => {
  it('a GET that finds nothing puts the 404 page in place of the screen that asked, without a toast', async () => {
    answers(notFound);
    const { error } = await outcome(apiRequest('/transport/details/7'));
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isShownAsPage).toBe(true);
    expect(navigate).toHaveBeenCalledWith('/404', { replace: true });
    expect(toast).not.toHaveBeenCalled();
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'] as const)(
    'a %s refused with 404 goes to the 404 page and keeps the screen it came from in the history',
    async (method) => {
      answers(notFound);
      const { error } = await outcome(apiRequest('/transport/update/7', { method, body: {}, silent: true }));
      expect(navigate).toHaveBeenCalledWith('/404', { replace: false });
      // A silent form call hands the refusal to its form: nothing to mark, nothing to toast.
      const form = { getValues: () => ({ cargoQuantity: 1 }), errors: {}, setErrors: vi.fn() };
      expect(serverFieldErrors(error)).toEqual({});
      expect(showServerErrors(form as never, error)).toBe(false);
      expect(form.setErrors).not.toHaveBeenCalled();
      expect(toast).not.toHaveBeenCalled();
    },
  );

  it('a non-silent write refused with 404 shows the page, not a toast', async () => {
    answers(notFound);
    await outcome(apiRequest('/transport/remove/7', { method: 'DELETE' }));
    expect(navigate).toHaveBeenCalledWith('/404', { replace: false });
    expect(toast).not.toHaveBeenCalled();
  });

  it('leaves a 404 to a caller that keeps it', async () => {
    answers(notFound);
    const { error } = await outcome(apiRequest('/dictionary/contractor/get-one/7', { keepNotFound: true }));
    expect((error as ApiError).messageCode).toBe('TRANSPORT_NOT_FOUND');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('keeps the field errors of a silent form call refused with anything else', async () => {
    answers({
      status: 409,
      body: {
        message_code: 'VEHICLE_ALREADY_PLANNED',
        message: 'x',
        errors: [{ field: 'double_booking_note', code: 'VEHICLE_ALREADY_PLANNED' }],
      },
    });
    const { error } = await outcome(apiRequest('/transport/update/7', { method: 'PUT', body: {}, silent: true }));
    expect(navigate).not.toHaveBeenCalled();
    expect(Object.keys(serverFieldErrors(error))).toEqual(['doubleBookingNote']);
    const form = { getValues: () => ({ doubleBookingNote: '' }), errors: {}, setErrors: vi.fn() };
    expect(showServerErrors(form as never, error)).toBe(true);
    expect(form.setErrors).toHaveBeenCalledOnce();
  });
});

describe('503: the database restarting (MISSING_DATABASE with Retry-After)', () => {
  it('asks a GET once more after the Retry-After and answers what the second call gets', async () => {
    vi.useFakeTimers();
    const fetch = answers(unavailable, listPage);
    const call = outcome(apiRequest('/transport/list'));
    await vi.advanceTimersByTimeAsync(2_999);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect(await call).toEqual({ value: { list: [], filtered: 0, total: 0 }, error: null });
    expect(toast).not.toHaveBeenCalled();
  });

  it('asks only once more, then says in Polish that the server is briefly unavailable', async () => {
    vi.useFakeTimers();
    const fetch = answers(unavailable, unavailable, listPage);
    const call = outcome(apiRequest('/transport/list'));
    await vi.advanceTimersByTimeAsync(10_000);
    const { error } = await call;
    expect(fetch).toHaveBeenCalledTimes(2);
    expect((error as ApiError).messageCode).toBe('MISSING_DATABASE');
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ color: 'red', title: 'Serwer chwilowo niedostępny, spróbuj za chwilę' }),
    );
  });

  it('waits at most MAX_RETRY_WAIT_MS, whatever the Retry-After', async () => {
    vi.useFakeTimers();
    const fetch = answers({ ...unavailable, headers: { 'Retry-After': '120' } }, listPage);
    const call = outcome(apiRequest('/transport/list'));
    await vi.advanceTimersByTimeAsync(MAX_RETRY_WAIT_MS - 1);
    expect(fetch).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect((await call).error).toBeNull();
  });

  it('never repeats a write: one call, the message', async () => {
    vi.useFakeTimers();
    const fetch = answers(unavailable, listPage);
    const call = outcome(apiRequest('/transport/create', { method: 'POST', body: {} }));
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(((await call).error as ApiError).status).toBe(503);
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Serwer chwilowo niedostępny, spróbuj za chwilę' }),
    );
  });

  it('gives up waiting when the caller does (a query nobody uses any more)', async () => {
    vi.useFakeTimers();
    const fetch = answers(unavailable, listPage);
    const controller = new AbortController();
    const call = outcome(apiRequest('/transport/list', { signal: controller.signal }));
    await vi.advanceTimersByTimeAsync(1_000);
    controller.abort();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(((await call).error as ApiError).messageCode).toBe('ABORTED');
    expect(toast).not.toHaveBeenCalled();
  });
});
