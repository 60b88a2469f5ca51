import { z } from 'zod';
import { positiveId, V } from './validation.js';

/**
 * The field types of list filters (spec/1 List filters), shared by every list's filter schema: an empty string
 * or null counts as unset, and query-string text is read as the number or yes/no it spells.
 */

export const unsetWhenBlank = (value: unknown) => (value === '' || value === null ? undefined : value);
/** "12" is 12; anything else is left for the schema to judge. */
export const numberFromText = (value: unknown) =>
  typeof value === 'string' && value.trim() !== '' && !Number.isNaN(Number(value)) ? Number(value) : value;
const booleanFromText = (value: unknown) => (value === 'true' ? true : value === 'false' ? false : value);

/** One id chosen in a select. */
export const filterId = z.preprocess((value) => numberFromText(unsetWhenBlank(value)), positiveId.optional());
/** Yes, no, or unset. */
export const filterFlag = z.preprocess(
  (value) => booleanFromText(unsetWhenBlank(value)),
  z.boolean({ error: V.wrongType }).optional(),
);

/** A multi-select: one value or a list of them; blank entries are dropped and an empty list is unset. */
export function filterList<T extends z.ZodTypeAny>(item: T) {
  return z.preprocess((value) => {
    const present = unsetWhenBlank(value);
    if (present === undefined) return undefined;
    const list = (Array.isArray(present) ? present : [present]).filter((entry) => entry !== '' && entry !== null);
    return list.length ? list : undefined;
  }, z.array(item).max(1000, V.tooBig).optional());
}
/** A multi-select of ids. */
export const filterIdList = filterList(z.preprocess(numberFromText, positiveId));
