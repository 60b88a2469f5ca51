import { type FieldError, V } from '@grain/shared';
import { AppError } from '../../lib/errors.js';

/** Pure server-side helpers of the contract rules; the shared ones live in packages/shared/src/rules/contracts.ts. */

/** The calendar year in Poland, where the document numbers are counted (RULES.md Contracts: per kind and year). */
export function documentYear(now: Date = new Date()): number {
  return Number(new Intl.DateTimeFormat('en', { timeZone: 'Europe/Warsaw', year: 'numeric' }).format(now));
}

export function validationError(errors: FieldError[]): AppError {
  return new AppError('VALIDATION_ERROR', 'Validation failed', errors);
}

export interface ChildPlan<T> {
  deleteIds: number[];
  updated: (T & { id: number })[];
  added: T[];
}

/**
 * What an update does to one child list (contacts, additional options): ids to delete, entries to change, entries
 * to add. An id that is not a kept child of this contract is refused; the kept and added ones may not pass max
 * (RULES.md Contracts: at most 10 contacts and 10 additional cargo options).
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
  if (keptIds.length + added.length > max) throw validationError([{ field, code: V.tooBig }]);
  return { deleteIds, updated, added };
}

/** The audit record of a child plan; nothing when the list did not change. */
export function childChanges(key: string, plan: ChildPlan<unknown>): Record<string, unknown> {
  if (!plan.deleteIds.length && !plan.updated.length && !plan.added.length) return {};
  return { [key]: { deleted: plan.deleteIds, updated: plan.updated.map((entry) => entry.id), added: plan.added } };
}
