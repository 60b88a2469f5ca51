import {
  type ListPageSize,
  type ListPageSizeRequest,
  type ListPageSizeUpdate,
  SAVED_VIEWS_PER_LIST_MAX,
  type SavedView,
  type SavedViewCreateRequest,
  type SavedViewListRequest,
  type SavedViewListResponse,
  type SavedViewUpdateRequest,
} from '@grain/shared';
import { withWriteTransaction } from '../../db/locks.js';
import { audit, diff } from '../../lib/audit.js';
import type { Ctx } from '../../lib/context.js';
import { AppError, isUniqueViolation } from '../../lib/errors.js';
import * as queries from './queries.js';

/** RULES.md Transports, Saved views: saved views of the lists, each user's own (another user's view is NOT_FOUND). */

function toSavedView(row: queries.SavedViewRow): SavedView {
  return {
    id: row.id,
    listKey: row.listKey as SavedView['listKey'],
    name: row.name,
    state: row.state,
    isDefault: row.isDefault,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** A name is unique per user and list (NAME_IS_DUPLICATED on the name field). */
function rethrowDuplicateName(error: unknown): never {
  if (isUniqueViolation(error, 'saved_views_name_key')) {
    throw new AppError('NAME_IS_DUPLICATED', 'A view with this name exists', [
      { field: 'name', code: 'NAME_IS_DUPLICATED' },
    ]);
  }
  throw error;
}

/** GET /saved-view/list. */
export async function listSavedViews(ctx: Ctx, input: SavedViewListRequest): Promise<SavedViewListResponse> {
  const rows = await queries.listSavedViewRows(ctx.db, ctx.user.id, input.listKey);
  return { list: rows.map(toSavedView) };
}

/**
 * POST /saved-view/create: a default view takes the place of the list's previous default. At most
 * SAVED_VIEWS_PER_LIST_MAX per user and list (SAVED_VIEW_LIMIT_REACHED); the state's size is the request schema's.
 */
export function createSavedView(ctx: Ctx, input: SavedViewCreateRequest): Promise<SavedView> {
  return withWriteTransaction(ctx.db, async (tx) => {
    const existing = await queries.lockUserListViews(tx, ctx.user.id, input.listKey);
    if (existing.length >= SAVED_VIEWS_PER_LIST_MAX) throw new AppError('SAVED_VIEW_LIMIT_REACHED');
    if (input.isDefault) await queries.clearDefault(tx, ctx.user.id, input.listKey);
    const row = await queries.insertSavedView(tx, { ...input, userId: ctx.user.id }).catch(rethrowDuplicateName);
    await audit(tx, ctx.user.id, 'saved_view', row.id, 'create', { listKey: row.listKey, name: row.name });
    return toSavedView(row);
  });
}

async function lockOwnView(tx: Ctx['db'], ctx: Ctx, id: number) {
  const seen = await queries.getOwnView(tx, ctx.user.id, id);
  if (!seen) throw new AppError('NOT_FOUND');
  const listKey = seen.listKey as SavedView['listKey'];
  const locked = await queries.lockUserListViews(tx, ctx.user.id, listKey);
  const view = locked.find((row) => row.id === id);
  if (!view) throw new AppError('NOT_FOUND');
  return { view, listKey };
}

/** PUT /saved-view/update/{id}: rename, save the current state into it, or make it (or stop it being) the default. */
export function updateSavedView(ctx: Ctx, id: number, input: SavedViewUpdateRequest): Promise<SavedView> {
  return withWriteTransaction(ctx.db, async (tx) => {
    const { view, listKey } = await lockOwnView(tx, ctx, id);
    if (input.isDefault === true && !view.isDefault) await queries.clearDefault(tx, ctx.user.id, listKey);
    const row = await queries.updateSavedView(tx, id, input).catch(rethrowDuplicateName);
    await audit(tx, ctx.user.id, 'saved_view', id, 'update', diff(view, input));
    return toSavedView(row);
  });
}

/** DELETE /saved-view/remove/{id}. */
export function removeSavedView(ctx: Ctx, id: number): Promise<{ success: true }> {
  return withWriteTransaction(ctx.db, async (tx) => {
    const { view } = await lockOwnView(tx, ctx, id);
    await queries.deleteSavedView(tx, id);
    await audit(tx, ctx.user.id, 'saved_view', id, 'delete', { listKey: view.listKey, name: view.name });
    return { success: true as const };
  });
}

/** GET /saved-view/page-size: the caller's own page size of one list (null: none chosen yet). */
export async function getListPageSize(ctx: Ctx, input: ListPageSizeRequest): Promise<ListPageSize> {
  return { listKey: input.listKey, pageSize: await queries.getPageSize(ctx.db, ctx.user.id, input.listKey) };
}

/**
 * PUT /saved-view/page-size: keeps the size the caller chose on one list's pager. A preference, not business
 * data: one upsert of the caller's own row, without an audit entry (as the columns kept in the browser).
 */
export async function setListPageSize(ctx: Ctx, input: ListPageSizeUpdate): Promise<ListPageSize> {
  await queries.upsertPageSize(ctx.db, ctx.user.id, input.listKey, input.pageSize);
  return { listKey: input.listKey, pageSize: input.pageSize };
}
