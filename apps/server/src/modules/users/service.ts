import type { UserCreateRequest, UserListRequestSchema, UserResponse, UserUpdateRequest } from '@grain/shared';
import type { z } from 'zod';
import { withWriteTransaction } from '../../db/locks.js';
import { audit, diff } from '../../lib/audit.js';
import { assertNotCommonPassword } from '../../lib/common-passwords.js';
import type { Ctx } from '../../lib/context.js';
import { AppError, isUniqueViolation } from '../../lib/errors.js';
import { hashPassword } from '../../lib/passwords.js';
import { revokeUserSessions } from '../auth/service.js';
import * as q from './queries.js';

type UserRow = NonNullable<Awaited<ReturnType<typeof q.getUser>>>;

export function toUserResponse(row: UserRow): UserResponse {
  return { ...row };
}

export async function listUsers(ctx: Ctx, request: z.infer<typeof UserListRequestSchema>) {
  return q.listUsers(ctx.db, request);
}

export async function getUser(ctx: Ctx, id: number): Promise<UserResponse> {
  const row = await q.getUser(ctx.db, id);
  if (!row) throw new AppError('USER_NOT_FOUND');
  return toUserResponse(row);
}

/** RULES.md Users: accounts made by an admin start with an expired password. */
export async function createUser(ctx: Ctx, input: UserCreateRequest): Promise<UserResponse> {
  await assertNotCommonPassword(input.password, 'password');
  const passwordHash = await hashPassword(input.password);
  const { password: _password, ...fields } = input;
  try {
    return await withWriteTransaction(ctx.db, async (tx) => {
      const id = await q.insertUser(tx, { ...fields, passwordHash, passwordExpired: true });
      await audit(tx, ctx.user.id, 'user', id, 'create', { ...fields });
      return toUserResponse((await q.getUser(tx, id))!);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw new AppError('USER_ALREADY_EXISTS');
    throw error;
  }
}

/** RULES.md Users: nobody takes their own ADMIN role or deactivates themselves; the last active ADMIN stays. */
export async function updateUser(ctx: Ctx, id: number, input: UserUpdateRequest): Promise<UserResponse> {
  try {
    return await withWriteTransaction(ctx.db, async (tx) => {
      // The admins are locked before the edited row, always in the same order (see lockActiveAdminIds).
      const activeAdminIds = await q.lockActiveAdminIds(tx);
      const before = await q.lockUser(tx, id);
      if (!before) throw new AppError('USER_NOT_FOUND');
      const losesAdmin = before.role === 'ADMIN' && before.active && (input.role !== 'ADMIN' || !input.active);
      if (losesAdmin && id === ctx.user.id) throw new AppError('CANNOT_MANAGE_ROLE');
      if (id === ctx.user.id && !input.active) throw new AppError('CANNOT_MANAGE_ROLE');
      if (losesAdmin && !activeAdminIds.some((adminId) => adminId !== id)) throw new AppError('CANNOT_MANAGE_ROLE');
      await q.updateUser(tx, id, input);
      if (before.active && !input.active) await revokeUserSessions(tx, id);
      await audit(tx, ctx.user.id, 'user', id, 'update', diff(before, input));
      return toUserResponse((await q.getUser(tx, id))!);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw new AppError('USER_ALREADY_EXISTS');
    throw error;
  }
}

export async function userOptionList(ctx: Ctx, search: string | undefined, limit: number, offset: number) {
  const [rows, filtered, total] = await Promise.all([
    q.userOptions(ctx.db, search, limit, offset),
    q.countUserOptions(ctx.db, search),
    q.countUserOptions(ctx.db, undefined),
  ]);
  const list = rows.map((row) => ({ value: row.id, label: `${row.firstName} ${row.lastName}`, email: row.email }));
  return { list, filtered, total };
}

/** RULES.md Contracts: a new contract's notification list starts with the users who asked for it. */
export async function defaultEmailList(ctx: Ctx, side: 'purchase' | 'sales') {
  return { list: await q.notificationEmails(ctx.db, side) };
}
