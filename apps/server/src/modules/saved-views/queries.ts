import type { SavedViewList, SavedViewState } from '@grain/shared';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { listPageSizes, savedViews } from '../../db/schema/index.js';

export type SavedViewRow = typeof savedViews.$inferSelect;

const ofUserList = (userId: number, listKey: SavedViewList) =>
  and(eq(savedViews.userId, userId), eq(savedViews.listKey, listKey));

export function listSavedViewRows(db: Db, userId: number, listKey: SavedViewList): Promise<SavedViewRow[]> {
  return db
    .select()
    .from(savedViews)
    .where(ofUserList(userId, listKey))
    .orderBy(asc(savedViews.name), asc(savedViews.id));
}

/**
 * db/locks.ts: a user's views of one list, FOR UPDATE in ascending id (the default moves among them), after a
 * transaction-scoped advisory lock of the (user, list) pair: row locks do not cover the rows a parallel create is about
 * to insert, and the count cap (SAVED_VIEWS_PER_LIST_MAX) must hold for creates sent at the same moment.
 */
export async function lockUserListViews(db: Db, userId: number, listKey: SavedViewList): Promise<SavedViewRow[]> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`saved_views|${userId}|${listKey}`}))`);
  return db.select().from(savedViews).where(ofUserList(userId, listKey)).orderBy(asc(savedViews.id)).for('update');
}

/** The caller's own view (owner-only: another user's view is not found). */
export async function getOwnView(db: Db, userId: number, id: number): Promise<SavedViewRow | null> {
  const [row] = await db
    .select()
    .from(savedViews)
    .where(and(eq(savedViews.id, id), eq(savedViews.userId, userId)));
  return row ?? null;
}

export async function clearDefault(db: Db, userId: number, listKey: SavedViewList) {
  await db
    .update(savedViews)
    .set({ isDefault: false, updatedAt: sql`now()` })
    .where(and(ofUserList(userId, listKey), eq(savedViews.isDefault, true)));
}

export async function insertSavedView(
  db: Db,
  values: { userId: number; listKey: SavedViewList; name: string; state: SavedViewState; isDefault: boolean },
): Promise<SavedViewRow> {
  const [row] = await db.insert(savedViews).values(values).returning();
  return row!;
}

export async function updateSavedView(
  db: Db,
  id: number,
  values: Partial<Pick<SavedViewRow, 'name' | 'state' | 'isDefault'>>,
): Promise<SavedViewRow> {
  const [row] = await db
    .update(savedViews)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(savedViews.id, id))
    .returning();
  return row!;
}

export async function deleteSavedView(db: Db, id: number) {
  await db.delete(savedViews).where(eq(savedViews.id, id));
}

/** The page size the user keeps for one list, or null. */
export async function getPageSize(db: Db, userId: number, listKey: SavedViewList): Promise<number | null> {
  const [row] = await db
    .select({ pageSize: listPageSizes.pageSize })
    .from(listPageSizes)
    .where(and(eq(listPageSizes.userId, userId), eq(listPageSizes.listKey, listKey)));
  return row?.pageSize ?? null;
}

/** One statement: the (user, list) key makes a second choice replace the first. */
export async function upsertPageSize(db: Db, userId: number, listKey: SavedViewList, pageSize: number) {
  await db
    .insert(listPageSizes)
    .values({ userId, listKey, pageSize })
    .onConflictDoUpdate({
      target: [listPageSizes.userId, listPageSizes.listKey],
      set: { pageSize, updatedAt: sql`now()` },
    });
}
