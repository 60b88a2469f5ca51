import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/harness.js';
import { mailOutbox, users } from '../../db/schema/index.js';

/** A session really ends, the reset request says nothing by its timing or its mail count, no caching. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const me = (token: string) => t.call({ method: 'GET', url: '/api/auth/me', token });
const refresh = (refreshToken: string) =>
  t.call({ method: 'POST', url: '/api/auth/refresh-token', payload: { refresh_token: refreshToken } });

function expectDenied(response: { statusCode: number; json: () => { message_code: string } }) {
  expect(response.statusCode).toBe(401);
  expect(response.json().message_code).toBe('DENIED_TOKEN');
}

describe('an access token dies with its session', () => {
  it('answers DENIED_TOKEN after logout, while other sessions of the user go on', async () => {
    await t.userWithRole('USER', 'logout-ends@example.com');
    const laptop = await t.tokens('logout-ends@example.com');
    const phone = await t.tokens('logout-ends@example.com');
    expect((await t.call({ method: 'DELETE', url: '/api/auth/logout', token: laptop.token })).statusCode).toBe(200);
    expectDenied(await me(laptop.token));
    expect((await me(phone.token)).statusCode).toBe(200);
  });

  it('answers DENIED_TOKEN once a reused refresh token revokes the family, for every token of it', async () => {
    await t.userWithRole('USER', 'stolen@example.com');
    const session = await t.tokens('stolen@example.com');
    const rotated = (await refresh(session.refreshToken)).json();
    expect((await me(rotated.token)).statusCode).toBe(200);
    expectDenied(await refresh(session.refreshToken));
    expectDenied(await me(session.token));
    expectDenied(await me(rotated.token));
  });

  it('answers DENIED_TOKEN for a deactivated user, also on a write', async () => {
    const { id, token } = await t.userWithRole('USER', 'disabled-now@example.com');
    await t.db.update(users).set({ active: false }).where(eq(users.id, id));
    expectDenied(await me(token));
    expectDenied(
      await t.call({ method: 'POST', url: '/api/dictionary/contractor/create', token, payload: { code: 'X' } }),
    );
  });
});

describe('POST /api/profile/change-password', () => {
  it('ends every other session of the user and keeps the one that changed it', async () => {
    await t.userWithRole('USER', 'changer@example.com');
    const current = await t.tokens('changer@example.com');
    const other = await t.tokens('changer@example.com');
    const changed = await t.call({
      method: 'POST',
      url: '/api/profile/change-password',
      token: current.token,
      payload: { old_password: TEST_PASSWORD, new_password: 'Changed-pass9' },
    });
    expect(changed.statusCode, changed.body).toBe(200);

    expectDenied(await refresh(other.refreshToken));
    expectDenied(await me(other.token));
    expect((await me(current.token)).statusCode).toBe(200);
    const renewed = await refresh(current.refreshToken);
    expect(renewed.statusCode).toBe(200);
    expect((await me(renewed.json().token)).statusCode).toBe(200);
  });

  it("leaves other users' sessions alone", async () => {
    await t.userWithRole('USER', 'changer2@example.com');
    const bystander = await t.userWithRole('USER', 'bystander2@example.com');
    const token = await t.login('changer2@example.com');
    await t.call({
      method: 'POST',
      url: '/api/profile/change-password',
      token,
      payload: { old_password: TEST_PASSWORD, new_password: 'Changed-pass9' },
    });
    expect((await me(bystander.token)).statusCode).toBe(200);
  });
});

describe('POST /api/auth/reset-password-request', () => {
  const requestReset = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/reset-password-request', payload: { email } });
  const mailsTo = async (email: string) =>
    (await t.db.select().from(mailOutbox)).filter((row) => row.recipients.includes(email));

  it('answers before the account is looked up: the mail is written after the answer', async () => {
    await t.userWithRole('USER', 'answer-first@example.com');
    const response = await requestReset('answer-first@example.com');
    expect(response.statusCode).toBe(200);
    expect(await mailsTo('answer-first@example.com')).toHaveLength(0);
    await t.app.afterAnswer.settled();
    expect(await mailsTo('answer-first@example.com')).toHaveLength(1);
  });

  // The answer cannot take longer for an account than for an unknown e-mail because nothing that depends on the
  // e-mail runs before it: proven by order, not by comparing wall-clock medians (noise on a shared machine).
  it('answers an unknown e-mail exactly as an account: the account is looked up only after the answer', async () => {
    await t.userWithRole('USER', 'timed@example.com');
    const run = t.app.afterAnswer.run;
    let started = 0;
    t.app.afterAnswer.run = (log, task) =>
      run(log, async () => {
        started++;
        await task();
      });
    try {
      const answers = [];
      for (const email of ['timed@example.com', 'nobody-timed@example.com']) {
        started = 0;
        const response = await requestReset(email);
        answers.push({ status: response.statusCode, body: response.body, startedBeforeAnswer: started });
        await t.app.afterAnswer.settled();
        expect(started).toBe(1);
      }
      expect(answers[0]).toEqual({ status: 200, body: '{}', startedBeforeAnswer: 0 });
      expect(answers[1]).toEqual(answers[0]);
    } finally {
      t.app.afterAnswer.run = run;
    }
    expect(await mailsTo('timed@example.com')).toHaveLength(1);
    expect(await mailsTo('nobody-timed@example.com')).toHaveLength(0);
  });

  it('sends at most one mail per address in a rate-limit window, even to requests at the same moment', async () => {
    await t.userWithRole('USER', 'flooded@example.com');
    await Promise.all(Array.from({ length: 5 }, () => requestReset('flooded@example.com')));
    await requestReset('flooded@example.com');
    await t.app.afterAnswer.settled();
    expect(await mailsTo('flooded@example.com')).toHaveLength(1);
  });
});

describe('Cache-Control', () => {
  it('is no-store on answers with tokens or personal data', async () => {
    const { id } = await t.userWithRole('USER', 'cached@example.com');
    const login = await t.call({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'cached@example.com', password: TEST_PASSWORD },
    });
    const { token, refresh_token: refreshToken } = login.json();
    const admin = await t.login();
    const answers = [
      login,
      await refresh(refreshToken),
      await me(token),
      await t.call({ method: 'GET', url: `/api/profile/get/${id}`, token: admin }),
      await t.call({ method: 'GET', url: '/api/profile/list', token: admin }),
      await t.call({ method: 'GET', url: '/api/dictionary/contractor/list', token: admin }),
      await t.call({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'x@example.com', password: 'Wrong1!x' },
      }),
    ];
    for (const answer of answers) expect(answer.headers['cache-control']).toBe('no-store');
  });
});
