import { timingSafeEqual } from 'node:crypto';
import type { ChangePasswordRequest, LoginRequest, Me, ResetPasswordConfirm, TokensResponse } from '@grain/shared';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { withWriteTransaction } from '../../db/locks.js';
import { audit } from '../../lib/audit.js';
import { assertNotCommonPassword } from '../../lib/common-passwords.js';
import type { Ctx, PublicCtx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../../lib/passwords.js';
import { AUTH_RATE_WINDOW_MS } from '../../lib/rate-limit.js';
import { enqueueMail } from '../mail/service.js';
import * as q from './queries.js';
import { newFamilyId, newRefreshToken, newResetCode, resetCodeHash, sha256 } from './tokens.js';

export const RESET_CODE_TTL_MINUTES = 30;
export const RESET_CODE_MAX_TRIES = 5;

type Signer = Pick<FastifyInstance['jwt'], 'sign'>;

async function issueTokens(ctx: PublicCtx, jwt: Signer, userId: number, familyId: string): Promise<TokensResponse> {
  const refreshToken = newRefreshToken();
  const expiresAt = new Date(Date.now() + ctx.config.refreshTokenTtlDays * 86_400_000);
  await q.insertRefreshToken(ctx.db, { userId, tokenHash: sha256(refreshToken), familyId, expiresAt });
  const token = jwt.sign({ sub: String(userId), typ: 'access', fam: familyId });
  return { token, refreshToken };
}

/** RULES.md Users and sessions: a deactivated user's refresh tokens stop working at once; the users module calls this. */
export async function revokeUserSessions(db: Db, userId: number): Promise<void> {
  await q.revokeUserTokens(db, userId);
}

export async function login(ctx: PublicCtx, jwt: Signer, input: LoginRequest): Promise<TokensResponse> {
  const user = await q.findUserByEmail(ctx.db, input.email);
  // An unknown e-mail costs the same hash as a wrong password, so timing does not reveal accounts.
  const isValid = await verifyPassword(input.password, user?.passwordHash ?? (await dummyPasswordHash()));
  if (!user || !isValid) throw new AppError('WRONG_CREDENTIALS');
  if (!user.active) throw new AppError('USER_DISABLED');
  return withWriteTransaction(ctx.db, async (tx) => {
    await audit(tx, user.id, 'user', user.id, 'login');
    return issueTokens({ ...ctx, db: tx }, jwt, user.id, newFamilyId());
  });
}

/** Rotation: each refresh token works once; presenting a used one revokes its whole family (a stolen token). */
export async function refresh(ctx: PublicCtx, jwt: Signer, refreshToken: string): Promise<TokensResponse> {
  const outcome = await withWriteTransaction(ctx.db, async (tx) => {
    const stored = await q.lockRefreshToken(tx, sha256(refreshToken));
    if (!stored) return { error: 'INVALID_TOKEN' as const };
    if (stored.usedAt || stored.revokedAt) {
      await q.revokeFamily(tx, stored.familyId);
      return { error: 'DENIED_TOKEN' as const };
    }
    if (stored.expiresAt.getTime() <= Date.now()) return { error: 'INVALID_TOKEN' as const };
    const user = await q.findUserById(tx, stored.userId);
    if (!user?.active) {
      await q.revokeFamily(tx, stored.familyId);
      return { error: 'USER_DISABLED' as const };
    }
    await q.markRefreshTokenUsed(tx, stored.id);
    return { tokens: await issueTokens({ ...ctx, db: tx }, jwt, user.id, stored.familyId) };
  });
  // The revocation above must be committed, so the refusal is thrown after the transaction.
  if (!outcome.tokens) throw new AppError(outcome.error ?? 'INVALID_TOKEN');
  return outcome.tokens;
}

export async function logout(ctx: Ctx): Promise<void> {
  await withWriteTransaction(ctx.db, async (tx) => {
    if (ctx.familyId) await q.revokeFamily(tx, ctx.familyId);
    else await q.revokeUserTokens(tx, ctx.user.id);
    await audit(tx, ctx.user.id, 'user', ctx.user.id, 'logout');
  });
}

export function me(ctx: Ctx): Me {
  const { id, email, firstName, lastName, role, passwordExpired } = ctx.user;
  return { id, email, firstName, lastName, role, passwordExpired };
}

export async function changePassword(ctx: Ctx, input: ChangePasswordRequest): Promise<void> {
  const user = await q.findUserById(ctx.db, ctx.user.id);
  if (!user || !(await verifyPassword(input.oldPassword, user.passwordHash))) {
    throw new AppError('OLD_PASSWORD_IS_INVALID');
  }
  // After the old password: a stolen session learns nothing from this refusal. "Differs from the current one" is the
  // request schema's (ChangePasswordRequestSchema), true once the old password is.
  await assertNotCommonPassword(input.newPassword, 'new_password');
  const passwordHash = await hashPassword(input.newPassword);
  await withWriteTransaction(ctx.db, async (tx) => {
    await q.updatePassword(tx, user.id, passwordHash);
    // Every other session ends, as after a reset; the one that changed it stays signed in.
    await q.revokeUserTokens(tx, user.id, ctx.familyId);
    await audit(tx, ctx.user.id, 'user', user.id, 'change-password', { password: true });
  });
}

/**
 * Writes a reset code and its mail for an active account; nothing for an unknown or deactivated one. Runs after the
 * answer (routes.ts). At most one mail per address per rate-limit window, however many requests come in it: the user
 * row is locked, so requests at the same moment see each other's code.
 */
export async function requestPasswordReset(ctx: PublicCtx, email: string): Promise<void> {
  const found = await q.findUserByEmail(ctx.db, email);
  if (!found?.active) return;
  const code = newResetCode();
  await withWriteTransaction(ctx.db, async (tx) => {
    const user = await q.lockUser(tx, found.id);
    if (!user?.active) return;
    if (await q.hasPasswordResetSince(tx, user.id, new Date(Date.now() - AUTH_RATE_WINDOW_MS))) return;
    await q.insertPasswordReset(tx, {
      userId: user.id,
      codeHash: resetCodeHash(user.id, code),
      expiresAt: new Date(Date.now() + RESET_CODE_TTL_MINUTES * 60_000),
    });
    await enqueueMail(tx, {
      to: [user.email],
      subject: 'Kod resetowania hasła',
      body: `Dzień dobry,\n\nTwój kod do zmiany hasła: ${code}\nKod jest ważny ${RESET_CODE_TTL_MINUTES} minut.\n\nJeśli to nie Ty prosiłeś o zmianę hasła, zignoruj tę wiadomość.`,
    });
    await audit(tx, null, 'user', user.id, 'reset-password-request');
  });
}

/** Checks the latest code of the e-mail: valid 30 minutes, 5 tries. Every failure is INVALID_DATA. */
async function checkResetCode(
  ctx: PublicCtx,
  email: string,
  code: string,
  onValid: (tx: Db, reset: { id: number; userId: number }) => Promise<void>,
) {
  const user = await q.findUserByEmail(ctx.db, email);
  const failed = await withWriteTransaction(ctx.db, async (tx) => {
    if (!user?.active) return true;
    const reset = await q.lockLatestPasswordReset(tx, user.id);
    if (!reset || reset.expiresAt.getTime() <= Date.now() || reset.attempts >= RESET_CODE_MAX_TRIES) return true;
    const expected = Buffer.from(reset.codeHash);
    const given = Buffer.from(resetCodeHash(user.id, code));
    if (!timingSafeEqual(expected, given)) {
      await q.countResetAttempt(tx, reset.id);
      return true;
    }
    await onValid(tx, { id: reset.id, userId: user.id });
    return false;
  });
  if (failed) throw new AppError('INVALID_DATA');
}

export async function verifyResetCode(ctx: PublicCtx, email: string, code: string): Promise<void> {
  await checkResetCode(ctx, email, code, async () => {});
}

export async function confirmPasswordReset(ctx: PublicCtx, input: ResetPasswordConfirm): Promise<void> {
  // Before the code is checked, so a refused password costs no try of the code (the list is public knowledge).
  await assertNotCommonPassword(input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  await checkResetCode(ctx, input.email, input.code, async (tx, reset) => {
    await q.markPasswordResetUsed(tx, reset.id);
    await q.updatePassword(tx, reset.userId, passwordHash);
    await q.revokeUserTokens(tx, reset.userId);
    await audit(tx, null, 'user', reset.userId, 'reset-password', { password: true });
  });
}
