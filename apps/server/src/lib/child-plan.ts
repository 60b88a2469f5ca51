import { V } from '@grain/shared';
import { AppError, validationError } from './errors.js';

export interface ChildPlan<T> {
  deleteIds: number[];
  updated: (T & { id: number })[];
  added: T[];
}

/**
 * What an update does to one child list (a contract's contacts and additional options, a contractor's contacts and
 * additional addresses): ids to delete, entries to change, entries to add. An id that is not a kept child of the
 * parent is refused (VALUE_IS_WRONG); the kept and added ones may not pass max (RULES.md Contracts and Contractors:
 * at most 10 of each).
 */
export function planChildren<T extends { id?: number | null }>(
  field: string,
  existingIds: number[],
  toDelete: number[],
  entries: T[],
  max: number,
): ChildPlan<T> {
  const deleteIds = toDelete.filter((id) => existingIds.includes(id));
  const keptIds = existingIds.filter((id) => !deleteIds.includes(id));
  const unknown = entries.flatMap((entry, index) =>
    entry.id && !keptIds.includes(entry.id) ? [{ field: `${field}.${index}.id`, code: V.chooseItem }] : [],
  );
  if (unknown.length) throw new AppError('VALUE_IS_WRONG', 'Unknown id', unknown);
  const updated = entries.filter((entry): entry is T & { id: number } => Boolean(entry.id));
  const added = entries.filter((entry) => !entry.id);
  if (keptIds.length + added.length > max) throw validationError({ field, code: V.tooBig });
  return { deleteIds, updated, added };
}

/** The audit record of a child plan; nothing when the list did not change. */
export function childChanges(key: string, plan: ChildPlan<unknown>): Record<string, unknown> {
  if (!plan.deleteIds.length && !plan.updated.length && !plan.added.length) return {};
  return { [key]: { deleted: plan.deleteIds, updated: plan.updated.map((entry) => entry.id), added: plan.added } };
}
