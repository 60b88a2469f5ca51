import type { UserListRequestSchema, UserSortKey } from '@grain/shared';
import { and, asc, count, eq, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { users } from '../../db/schema/index.js';
import { type SortSpec, searchCondition, smallTableListPage } from '../../lib/list.js';

export const userColumns = {
  id: users.id,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: users.role,
  active: users.active,
  isNotifyOnPurchase: users.isNotifyOnPurchase,
  isNotifyOnSales: users.isNotifyOnSales,
  isNotifyOnCertificates: users.isNotifyOnCertificates,
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
};

export type UserRow = Awaited<ReturnType<typeof getUser>> & {};

export const USER_SORT: SortSpec<UserSortKey> = {
  keys: {
    first_name: users.firstName,
    last_name: users.lastName,
    email: users.email,
    role: users.role,
    id: users.id,
  },
  defaultKey: 'first_name',
  tiebreaker: users.id,
};

export function listUsers(db: Db, request: z.infer<typeof UserListRequestSchema>) {
  const conditions: (SQL | undefined)[] = [
    searchCondition(request.search, [users.firstName, users.lastName, users.email]),
  ];
  if (request.filter?.active !== undefined) conditions.push(eq(users.active, request.filter.active));
  const where = and(...conditions);
  return smallTableListPage<UserRow>(db, request, USER_SORT, { table: users, columns: userColumns, where });
}

export async function getUser(db: Db, id: number) {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id));
  return row ?? null;
}

export async function lockUser(db: Db, id: number) {
  const [row] = await db.select(userColumns).from(users).where(eq(users.id, id)).for('update');
  return row ?? null;
}

export async function insertUser(db: Db, values: typeof users.$inferInsert) {
  const [row] = await db.insert(users).values(values).returning({ id: users.id });
  return row!.id;
}

export async function updateUser(db: Db, id: number, values: Partial<typeof users.$inferInsert>) {
  await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

/**
 * Ids of the active admins, locked in id order: two demotions cannot both pass the last-admin check, and two
 * admins demoting each other wait for one another instead of deadlocking.
 */
export async function lockActiveAdminIds(db: Db): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'ADMIN'), eq(users.active, true)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((row) => row.id);
}

export function userOptions(db: Db, search: string | undefined, limit: number, offset: number) {
  const where = and(eq(users.active, true), searchCondition(search, [users.firstName, users.lastName, users.email]));
  return db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(where)
    .orderBy(asc(users.firstName), asc(users.lastName), asc(users.id))
    .limit(limit)
    .offset(offset);
}

export async function countUserOptions(db: Db, search: string | undefined) {
  const where = and(eq(users.active, true), searchCondition(search, [users.firstName, users.lastName, users.email]));
  return (await db.select({ n: count() }).from(users).where(where))[0]?.n ?? 0;
}

export async function notificationEmails(db: Db, side: 'purchase' | 'sales'): Promise<string[]> {
  const flag = side === 'purchase' ? users.isNotifyOnPurchase : users.isNotifyOnSales;
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.active, true), eq(flag, true)))
    .orderBy(asc(users.email));
  return rows.map((row) => row.email);
}
