import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_PASSWORD, type TestApp } from '../../../test/harness.js';
import { auditLog, mailOutbox, passwordResets, users } from '../../db/schema/index.js';
import { RESET_CODE_MAX_TRIES } from './service.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const NEW_PASSWORD = 'Brand-new9';
const CODE_ALPHABET = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{6}$/;

const post = (path: string, payload: object) => t.call({ method: 'POST', url: `/api/auth/${path}`, payload });

const requestReset = (email: string) => post('reset-password-request', { email });
const verify = (email: string, code: string) => post('reset-password-verify-code', { email, code });
const confirm = (email: string, code: string, password = NEW_PASSWORD) =>
  post('reset-password-confirm', { email, code, password });

/** Mail queued for the address, newest first, read from the outbox table as the worker would. */
async function mailTo(email: string) {
  const rows = await t.db.select().from(mailOutbox).orderBy(desc(mailOutbox.id));
  return rows.filter((row) => row.recipients.includes(email));
}

/** Requests a reset and reads the code from the body of the mail it queued. */
async function codeFor(email: string): Promise<string> {
  const response = await requestReset(email);
  expect(response.statusCode).toBe(200);
  const [mail] = await mailTo(email);
  const code = /kod do zmiany hasła: (\S+)/.exec(mail?.body ?? '')?.[1];
  if (!code) throw new Error(`no reset code in the outbox for ${email}`);
  return code;
}

/** Moves the user's reset codes back past the rate-limit window, as if they had been asked for a while ago. */
async function ageResetCodes(userId: number) {
  await t.db
    .update(passwordResets)
    .set({ createdAt: sql`${passwordResets.createdAt} - interval '2 minutes'` })
    .where(eq(passwordResets.userId, userId));
}

/** Any code of the alphabet other than the given one. */
function otherCode(code: string): string {
  return code === 'AAAAAA' ? 'BBBBBB' : 'AAAAAA';
}

describe('password reset through the outbox', () => {
  it('request, mail, verify, confirm: the new password logs in and old sessions end', async () => {
    const { id } = await t.userWithRole('USER', 'reset-me@example.com');
    const oldSession = await t.tokens('reset-me@example.com');

    const requested = await requestReset('reset-me@example.com');
    expect(requested.statusCode).toBe(200);
    expect(requested.json()).toEqual({});

    const [mail] = await mailTo('reset-me@example.com');
    expect(mail).toMatchObject({
      recipients: ['reset-me@example.com'],
      status: 'PENDING',
      subject: expect.any(String),
    });
    const code = /kod do zmiany hasła: (\S+)/.exec(mail!.body)![1]!;
    expect(code).toMatch(CODE_ALPHABET);

    const verified = await verify('reset-me@example.com', code);
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toEqual({});

    const confirmed = await confirm('reset-me@example.com', code);
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json()).toEqual({});

    expect(await t.login('reset-me@example.com', NEW_PASSWORD)).toEqual(expect.any(String));
    const oldPassword = await post('login', { email: 'reset-me@example.com', password: TEST_PASSWORD });
    expect(oldPassword.json().message_code).toBe('WRONG_CREDENTIALS');

    const oldRefresh = await post('refresh-token', { refresh_token: oldSession.refreshToken });
    expect(oldRefresh.statusCode).toBe(401);
    expect(oldRefresh.json().message_code).toBe('DENIED_TOKEN');

    const audit = await t.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit.map((row) => row.action)).toEqual(
      expect.arrayContaining(['reset-password-request', 'reset-password']),
    );
  });

  it('clears an expired password: a reset counts as choosing one', async () => {
    const { id } = await t.userWithRole('USER', 'reset-expired@example.com');
    await t.db.update(users).set({ passwordExpired: true }).where(eq(users.id, id));
    await confirm('reset-expired@example.com', await codeFor('reset-expired@example.com'));
    const token = await t.login('reset-expired@example.com', NEW_PASSWORD);
    const me = await t.call({ method: 'GET', url: '/api/auth/me', token });
    expect(me.json().password_expired).toBe(false);
  });

  it('stores only a hash of the code', async () => {
    const { id } = await t.userWithRole('USER', 'reset-hash@example.com');
    const code = await codeFor('reset-hash@example.com');
    const [row] = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, id));
    expect(row!.codeHash).not.toContain(code);
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('keeps the code valid for 30 minutes', async () => {
    const { id } = await t.userWithRole('USER', 'reset-ttl@example.com');
    await codeFor('reset-ttl@example.com');
    const [row] = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, id));
    const minutes = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 60_000;
    expect(minutes).toBeCloseTo(30, 1);
  });

  it('accepts the code in lower case and with surrounding spaces', async () => {
    await t.userWithRole('USER', 'reset-case@example.com');
    const code = await codeFor('reset-case@example.com');
    expect((await verify('reset-case@example.com', ` ${code.toLowerCase()} `)).statusCode).toBe(200);
  });

  it('answers an unknown e-mail with the same 200 {} and writes no mail', async () => {
    const before = await t.db.select().from(mailOutbox);
    const response = await requestReset('nobody-here@example.com');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
    expect(await t.db.select().from(mailOutbox)).toHaveLength(before.length);
  });

  it('answers a deactivated account the same and writes no mail', async () => {
    const { id } = await t.userWithRole('USER', 'reset-disabled@example.com');
    await t.db.update(users).set({ active: false }).where(eq(users.id, id));
    const response = await requestReset('reset-disabled@example.com');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({});
    expect(await mailTo('reset-disabled@example.com')).toEqual([]);
  });

  // A reset sends mail: the strict rule (validation.ts `isEmailAddress`), so nothing a mail server reads as two
  // recipients or an encoded word ever reaches it.
  it.each(['not-an-email', 'a@b.pl,evil', '=?utf-8?q?x?=@x.pl', 'a|b@x.pl', 'a{b}@x.pl'])(
    'refuses the e-mail %s with VALIDATION_ERROR and queues no mail',
    async (email) => {
      const before = await t.db.select({ id: mailOutbox.id }).from(mailOutbox);
      const response = await requestReset(email);
      expect(response.statusCode).toBe(400);
      expect(response.json().errors).toEqual([{ field: 'email', code: 'email' }]);
      expect(await t.db.select({ id: mailOutbox.id }).from(mailOutbox)).toHaveLength(before.length);
    },
  );
});

describe('POST /api/auth/reset-password-verify-code', () => {
  it('refuses a wrong code with INVALID_DATA', async () => {
    await t.userWithRole('USER', 'wrong-code@example.com');
    const code = await codeFor('wrong-code@example.com');
    const response = await verify('wrong-code@example.com', otherCode(code));
    expect(response.statusCode).toBe(400);
    expect(response.json().message_code).toBe('INVALID_DATA');
  });

  it(`refuses even the right code after ${RESET_CODE_MAX_TRIES} wrong tries`, async () => {
    await t.userWithRole('USER', 'five-tries@example.com');
    const code = await codeFor('five-tries@example.com');
    for (let i = 0; i < RESET_CODE_MAX_TRIES; i++) {
      expect((await verify('five-tries@example.com', otherCode(code))).json().message_code).toBe('INVALID_DATA');
    }
    expect((await verify('five-tries@example.com', code)).json().message_code).toBe('INVALID_DATA');
    expect((await confirm('five-tries@example.com', code)).json().message_code).toBe('INVALID_DATA');
  });

  it('counts wrong tries sent at the same moment: ten at once leave none for the right code', async () => {
    const { id } = await t.userWithRole('USER', 'parallel-tries@example.com');
    const code = await codeFor('parallel-tries@example.com');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => verify('parallel-tries@example.com', otherCode(code))),
    );
    expect(answers.every((answer) => answer.json().message_code === 'INVALID_DATA')).toBe(true);
    const [row] = await t.db.select().from(passwordResets).where(eq(passwordResets.userId, id));
    expect(row!.attempts).toBe(RESET_CODE_MAX_TRIES);
    expect((await verify('parallel-tries@example.com', code)).json().message_code).toBe('INVALID_DATA');
  });

  it('still accepts the right code after four wrong tries', async () => {
    await t.userWithRole('USER', 'four-tries@example.com');
    const code = await codeFor('four-tries@example.com');
    for (let i = 0; i < RESET_CODE_MAX_TRIES - 1; i++) await verify('four-tries@example.com', otherCode(code));
    expect((await verify('four-tries@example.com', code)).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const { id } = await t.userWithRole('USER', 'expired-code@example.com');
    const code = await codeFor('expired-code@example.com');
    await t.db
      .update(passwordResets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(passwordResets.userId, id));
    expect((await verify('expired-code@example.com', code)).json().message_code).toBe('INVALID_DATA');
    expect((await confirm('expired-code@example.com', code)).json().message_code).toBe('INVALID_DATA');
  });

  it.each([
    ['5', 'ABCDE'],
    ['7', 'ABCDEFG'],
  ])('refuses a code of %s characters with VALIDATION_ERROR (codes are 6)', async (_, code) => {
    const response = await verify('anyone@example.com', code);
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: 'code', code: 'resetCode' }]);
  });

  it('refuses any code for an e-mail that requested nothing', async () => {
    await t.userWithRole('USER', 'never-asked@example.com');
    expect((await verify('never-asked@example.com', 'ABCDEF')).json().message_code).toBe('INVALID_DATA');
  });

  it("refuses one user's code for another user", async () => {
    await t.userWithRole('USER', 'code-owner@example.com');
    await t.userWithRole('USER', 'code-thief@example.com');
    const code = await codeFor('code-owner@example.com');
    await codeFor('code-thief@example.com');
    expect((await verify('code-thief@example.com', code)).json().message_code).toBe('INVALID_DATA');
  });

  it('does not use the code up: confirm still works after verify', async () => {
    await t.userWithRole('USER', 'verify-then-confirm@example.com');
    const code = await codeFor('verify-then-confirm@example.com');
    await verify('verify-then-confirm@example.com', code);
    await verify('verify-then-confirm@example.com', code);
    expect((await confirm('verify-then-confirm@example.com', code)).statusCode).toBe(200);
  });
});

describe('POST /api/auth/reset-password-confirm', () => {
  it('uses the code up: a second confirm is INVALID_DATA', async () => {
    await t.userWithRole('USER', 'confirm-twice@example.com');
    const code = await codeFor('confirm-twice@example.com');
    expect((await confirm('confirm-twice@example.com', code)).statusCode).toBe(200);
    const again = await confirm('confirm-twice@example.com', code, 'Inne-Haslo3!');
    expect(again.json().message_code).toBe('INVALID_DATA');
    expect(await t.login('confirm-twice@example.com', NEW_PASSWORD)).toEqual(expect.any(String));
  });

  it('replaces an earlier code when a new one is requested after the rate-limit window', async () => {
    const { id } = await t.userWithRole('USER', 'two-requests@example.com');
    const first = await codeFor('two-requests@example.com');
    await ageResetCodes(id);
    let second = await codeFor('two-requests@example.com');
    while (second === first) {
      await ageResetCodes(id);
      second = await codeFor('two-requests@example.com');
    }
    expect((await verify('two-requests@example.com', first)).json().message_code).toBe('INVALID_DATA');
    expect((await confirm('two-requests@example.com', second)).statusCode).toBe(200);
  });

  it('refuses a wrong code with INVALID_DATA and keeps the old password', async () => {
    await t.userWithRole('USER', 'confirm-wrong@example.com');
    const code = await codeFor('confirm-wrong@example.com');
    expect((await confirm('confirm-wrong@example.com', otherCode(code))).json().message_code).toBe('INVALID_DATA');
    expect(await t.login('confirm-wrong@example.com', TEST_PASSWORD)).toEqual(expect.any(String));
  });

  it('counts wrong codes given to confirm towards the tries', async () => {
    const { id } = await t.userWithRole('USER', 'confirm-tries@example.com');
    const code = await codeFor('confirm-tries@example.com');
    await confirm('confirm-tries@example.com', otherCode(code));
    await confirm('confirm-tries@example.com', otherCode(code));
    const [row] = await t.db
      .select({ attempts: passwordResets.attempts })
      .from(passwordResets)
      .where(and(eq(passwordResets.userId, id)));
    expect(row!.attempts).toBe(2);
  });

  it('refuses a weak new password with VALIDATION_ERROR and leaves the code usable', async () => {
    await t.userWithRole('USER', 'confirm-weak@example.com');
    const code = await codeFor('confirm-weak@example.com');
    const weak = await confirm('confirm-weak@example.com', code, 'password');
    expect(weak.statusCode).toBe(400);
    expect(weak.json()).toMatchObject({
      message_code: 'VALIDATION_ERROR',
      errors: [{ field: 'password', code: 'password' }],
    });
    expect((await confirm('confirm-weak@example.com', code)).statusCode).toBe(200);
  });

  it('refuses a common new password with commonPassword, counts no try and leaves the code usable', async () => {
    const { id } = await t.userWithRole('USER', 'confirm-common@example.com');
    const code = await codeFor('confirm-common@example.com');
    for (const common of ['Admin123!', 'Password1!']) {
      const refused = await confirm('confirm-common@example.com', code, common);
      expect(refused.json()).toMatchObject({
        message_code: 'VALIDATION_ERROR',
        errors: [{ field: 'password', code: 'commonPassword' }],
      });
    }
    const [row] = await t.db
      .select({ attempts: passwordResets.attempts })
      .from(passwordResets)
      .where(eq(passwordResets.userId, id));
    expect(row!.attempts).toBe(0);
    expect((await confirm('confirm-common@example.com', code)).statusCode).toBe(200);
  });

  it('refuses a deactivated account even with the right code', async () => {
    const { id } = await t.userWithRole('USER', 'confirm-disabled@example.com');
    const code = await codeFor('confirm-disabled@example.com');
    await t.db.update(users).set({ active: false }).where(eq(users.id, id));
    expect((await confirm('confirm-disabled@example.com', code)).json().message_code).toBe('INVALID_DATA');
  });
});
