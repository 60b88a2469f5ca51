import { createHmac } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { refreshTokens, users } from '../../db/schema/index.js';
import { sha256 } from './tokens.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const refresh = (refreshToken: string) =>
  t.call({ method: 'POST', url: '/api/auth/refresh-token', payload: { refresh_token: refreshToken } });

const me = (token: string) => t.call({ method: 'GET', url: '/api/auth/me', token });

describe('POST /api/auth/refresh-token', () => {
  it('answers a new token pair whose access token works', async () => {
    const session = await t.tokens();
    const response = await refresh(session.refreshToken);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(['refresh_token', 'token']);
    expect(body.refresh_token).not.toBe(session.refreshToken);
    expect((await me(body.token)).statusCode).toBe(200);
  });

  it('rotates: the old refresh token is refused after use', async () => {
    const session = await t.tokens();
    await refresh(session.refreshToken);
    const again = await refresh(session.refreshToken);
    expect(again.statusCode).toBe(401);
  });

  it('refuses a reused refresh token with DENIED_TOKEN and revokes the family', async () => {
    const session = await t.tokens();
    const first = (await refresh(session.refreshToken)).json();
    const second = (await refresh(first.refresh_token)).json();

    const reuse = await refresh(session.refreshToken);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().message_code).toBe('DENIED_TOKEN');

    // The newest token of the family, never used, stops working too.
    const newest = await refresh(second.refresh_token);
    expect(newest.statusCode).toBe(401);
    expect(newest.json().message_code).toBe('DENIED_TOKEN');

    const family = await t.db
      .select({ revokedAt: refreshTokens.revokedAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(second.refresh_token)));
    expect(family[0]?.revokedAt).toBeInstanceOf(Date);
  });

  it('leaves other families of the same user working when one is revoked', async () => {
    const stolen = await t.tokens();
    const other = await t.tokens();
    await refresh(stolen.refreshToken);
    await refresh(stolen.refreshToken);
    expect((await refresh(other.refreshToken)).statusCode).toBe(200);
  });

  it('never issues two pairs for one refresh token used twice at the same moment', async () => {
    const session = await t.tokens();
    const answers = await Promise.all([refresh(session.refreshToken), refresh(session.refreshToken)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 401]);
    expect(answers.find((answer) => answer.statusCode === 401)!.json().message_code).toBe('DENIED_TOKEN');
  });

  it('refuses an unknown token with INVALID_TOKEN', async () => {
    const response = await refresh('no-such-refresh-token');
    expect(response.statusCode).toBe(401);
    expect(response.json().message_code).toBe('INVALID_TOKEN');
  });

  it('refuses an expired refresh token with INVALID_TOKEN', async () => {
    const session = await t.tokens();
    await t.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, sha256(session.refreshToken)));
    const response = await refresh(session.refreshToken);
    expect(response.statusCode).toBe(401);
    expect(response.json().message_code).toBe('INVALID_TOKEN');
  });

  it('issues refresh tokens that expire after refreshTokenTtlDays', async () => {
    const session = await t.tokens();
    const [row] = await t.db
      .select({ expiresAt: refreshTokens.expiresAt, createdAt: refreshTokens.createdAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(session.refreshToken)));
    const days = (row!.expiresAt.getTime() - row!.createdAt.getTime()) / 86_400_000;
    expect(days).toBeCloseTo(t.config.refreshTokenTtlDays, 2);
  });

  it('refuses the refresh token of a deactivated user with USER_DISABLED and revokes it', async () => {
    const { id } = await t.userWithRole('USER', 'refresh-disabled@example.com');
    const session = await t.tokens('refresh-disabled@example.com');
    await t.db.update(users).set({ active: false }).where(eq(users.id, id));
    const response = await refresh(session.refreshToken);
    expect(response.statusCode).toBe(403);
    expect(response.json().message_code).toBe('USER_DISABLED');

    await t.db.update(users).set({ active: true }).where(eq(users.id, id));
    expect((await refresh(session.refreshToken)).json().message_code).toBe('DENIED_TOKEN');
  });

  it('refuses a missing refresh_token with VALIDATION_ERROR', async () => {
    const response = await t.call({ method: 'POST', url: '/api/auth/refresh-token', payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json().errors).toEqual([{ field: 'refresh_token', code: 'required' }]);
  });

  it('does not accept an access token as a refresh token', async () => {
    const session = await t.tokens();
    const response = await refresh(session.token);
    expect(response.statusCode).toBe(401);
    expect(response.json().message_code).toBe('INVALID_TOKEN');
  });
});

const SECRET = () => t.config.jwtSecret;

function b64url(value: object | string): string {
  return Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
}

/** A JWT written by hand, so the test controls algorithm, secret and claims. */
function jwt(header: object, payload: object, secret: string | null, hmac = 'sha256'): string {
  const unsigned = `${b64url(header)}.${b64url(payload)}`;
  if (secret === null) return `${unsigned}.`;
  return `${unsigned}.${createHmac(hmac, secret).update(unsigned).digest('base64url')}`;
}

async function adminId(): Promise<number> {
  const [row] = await t.db.select({ id: users.id }).from(users).where(eq(users.role, 'ADMIN'));
  return row!.id;
}

/** The session (refresh-token family) of a fresh admin sign-in: hand-made tokens name a live one. */
let family = '';
beforeAll(async () => {
  const { refreshToken } = await t.tokens();
  const [row] = await t.db
    .select({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(refreshToken)));
  family = row!.familyId;
});

function claims(sub: number, overrides: object = {}) {
  const now = Math.floor(Date.now() / 1000);
  return { sub: String(sub), typ: 'access', fam: family, iat: now, exp: now + 600, ...overrides };
}

describe('access JWT', () => {
  it('accepts a token signed with HS256 and the server secret (the hand-made tokens below are sound)', async () => {
    const token = jwt({ alg: 'HS256', typ: 'JWT' }, claims(await adminId()), SECRET());
    expect((await me(token)).statusCode).toBe(200);
  });

  it('is signed with HS256 and expires after accessTokenTtlSeconds', async () => {
    const { token } = await t.tokens();
    const [header, payload] = token
      .split('.')
      .slice(0, 2)
      .map((part) => JSON.parse(Buffer.from(part, 'base64url').toString()));
    expect(header.alg).toBe('HS256');
    expect(payload.typ).toBe('access');
    expect(payload.exp - payload.iat).toBe(t.config.accessTokenTtlSeconds);
  });

  it('refuses an expired token with INVALID_TOKEN', async () => {
    const past = Math.floor(Date.now() / 1000) - 3600;
    const token = jwt({ alg: 'HS256', typ: 'JWT' }, claims(await adminId(), { iat: past, exp: past + 60 }), SECRET());
    const response = await me(token);
    expect(response.statusCode).toBe(401);
    expect(response.json().message_code).toBe('INVALID_TOKEN');
  });

  it('refuses an unsigned token (alg none) with INVALID_TOKEN', async () => {
    const token = jwt({ alg: 'none', typ: 'JWT' }, claims(await adminId()), null);
    const response = await me(token);
    expect(response.statusCode).toBe(401);
    expect(response.json().message_code).toBe('INVALID_TOKEN');
  });

  it('refuses a token signed with another secret with INVALID_TOKEN', async () => {
    const token = jwt({ alg: 'HS256', typ: 'JWT' }, claims(await adminId()), 'another-secret-of-sufficient-length!!');
    const response = await me(token);
    expect(response.statusCode).toBe(401);
    expect(response.json().message_code).toBe('INVALID_TOKEN');
  });

  it('refuses a token signed with the right secret but another algorithm (HS512)', async () => {
    const token = jwt({ alg: 'HS512', typ: 'JWT' }, claims(await adminId()), SECRET(), 'sha512');
    const response = await me(token);
    expect(response.statusCode).toBe(401);
    expect(response.json().message_code).toBe('INVALID_TOKEN');
  });

  it('refuses a token whose payload was altered after signing', async () => {
    const user = await t.userWithRole('USER');
    const [header, , signature] = user.token.split('.');
    const forged = `${header}.${b64url(claims(await adminId()))}.${signature}`;
    const response = await me(forged);
    expect(response.statusCode).toBe(401);
    expect(response.json().message_code).toBe('INVALID_TOKEN');
  });

  it('refuses a signed token that is not an access token', async () => {
    const token = jwt({ alg: 'HS256', typ: 'JWT' }, claims(await adminId(), { typ: 'refresh' }), SECRET());
    expect((await me(token)).json().message_code).toBe('INVALID_TOKEN');
  });

  it('refuses a signed token whose subject is not a user id', async () => {
    const token = jwt({ alg: 'HS256', typ: 'JWT' }, { ...claims(1), sub: 'admin' }, SECRET());
    expect((await me(token)).json().message_code).toBe('INVALID_TOKEN');
  });

  it('refuses a signed token that names no session with INVALID_TOKEN', async () => {
    const { fam: _fam, ...sessionless } = claims(await adminId());
    expect((await me(jwt({ alg: 'HS256', typ: 'JWT' }, sessionless, SECRET()))).json().message_code).toBe(
      'INVALID_TOKEN',
    );
  });

  it("refuses a signed token naming another user's session with DENIED_TOKEN", async () => {
    const user = await t.userWithRole('USER');
    const response = await me(jwt({ alg: 'HS256', typ: 'JWT' }, claims(user.id), SECRET()));
    expect(response.statusCode).toBe(401);
    expect(response.json().message_code).toBe('DENIED_TOKEN');
  });

  it('refuses a signed token of a user that does not exist with UNAUTHORIZED', async () => {
    const token = jwt({ alg: 'HS256', typ: 'JWT' }, claims(999_999), SECRET());
    const response = await me(token);
    expect(response.statusCode).toBe(401);
    expect(response.json().message_code).toBe('UNAUTHORIZED');
  });
});

describe('access JWT lifetime', () => {
  let short: TestApp;
  beforeAll(async () => {
    short = await createTestApp({ accessTokenTtlSeconds: 1 });
  });
  afterAll(() => short.close());

  it('stops accepting a token once accessTokenTtlSeconds have passed', async () => {
    const { token, refreshToken } = await short.tokens();
    expect((await short.call({ method: 'GET', url: '/api/auth/me', token })).statusCode).toBe(200);
    // The clock moves instead of the test sleeping: only Date is faked, so the JWT verifier (which reads
    // Date.now()) sees the token a second past its own exp claim while timers and the database run as usual.
    const { exp } = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString());
    vi.useFakeTimers({ toFake: ['Date'], now: (exp + 1) * 1000 });
    try {
      const expired = await short.call({ method: 'GET', url: '/api/auth/me', token });
      expect(expired.statusCode).toBe(401);
      expect(expired.json().message_code).toBe('INVALID_TOKEN');

      // The client's way out: the refresh token still gives a fresh access token.
      const renewed = await short.call({
        method: 'POST',
        url: '/api/auth/refresh-token',
        payload: { refresh_token: refreshToken },
      });
      expect(renewed.statusCode).toBe(200);
      expect((await short.call({ method: 'GET', url: '/api/auth/me', token: renewed.json().token })).statusCode).toBe(
        200,
      );
    } finally {
      vi.useRealTimers();
    }
  });
});
