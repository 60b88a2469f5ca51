import { toMinorUnits, tonnesToKg } from '@grain/shared';
import type { FilterValues } from './list-state';

/**
 * Reading filter values kept in the URL (always text) into what the list requests carry: the one set of parsers
 * every list filter uses (allocations, contracts, transports, the statement).
 */

type FilterValue = FilterValues[string] | undefined;

export function textOf(value: FilterValue): string {
  return typeof value === 'string' ? value.trim() : '';
}

export function listOf(value: FilterValue): string[] {
  if (Array.isArray(value)) return value.filter((item) => item.trim() !== '');
  const single = textOf(value);
  return single ? [single] : [];
}

export function positiveIntOf(value: FilterValue): number | undefined {
  const number = Number(textOf(value));
  return textOf(value) && Number.isInteger(number) && number > 0 ? number : undefined;
}

export function idsOf(value: FilterValue): number[] | undefined {
  const ids = listOf(value)
    .map(Number)
    .filter((id) => Number.isInteger(id) && id > 0);
  return ids.length ? ids : undefined;
}

/** "true" / "false"; anything else is unset. */
export function flagOf(value: FilterValue): boolean | undefined {
  const text = textOf(value);
  return text === 'true' ? true : text === 'false' ? false : undefined;
}

export function oneOf<T extends string>(allowed: readonly T[], value: FilterValue): T[] | undefined {
  const picked = listOf(value).filter((item): item is T => (allowed as readonly string[]).includes(item));
  return picked.length ? picked : undefined;
}

/** A number of zero or more as typed (a decimal comma is read as a point). */
export function decimalOf(value: FilterValue): number | undefined {
  const text = textOf(value).replace(',', '.');
  const number = Number(text);
  return text && Number.isFinite(number) && number >= 0 ? number : undefined;
}

/** Tonnes as typed in a filter, sent as kilograms. */
export function kgOf(value: FilterValue): number | undefined {
  const tonnes = decimalOf(value);
  return tonnes === undefined ? undefined : tonnesToKg(tonnes);
}

/** Major units as typed in a filter, sent as minor units. */
export function minorOf(value: FilterValue): number | undefined {
  const major = decimalOf(value);
  return major === undefined ? undefined : toMinorUnits(major);
}

/** A `{ from, to }` range, or undefined when neither side is set. */
export function rangeOf<T>(from: T | undefined, to: T | undefined): { from: T | null; to: T | null } | undefined {
  return from === undefined && to === undefined ? undefined : { from: from ?? null, to: to ?? null };
}

export function isReversed<T>(range: { from?: T | null; to?: T | null } | undefined): boolean {
  const from = range?.from;
  const to = range?.to;
  return from !== undefined && from !== null && to !== undefined && to !== null && from > to;
}

/** Only the given keys of a filter (the primary row and the collapsible panel edit separate parts). */
export function pickFilter(values: FilterValues, keys: readonly string[]): FilterValues {
  const out: FilterValues = {};
  for (const key of keys) if (values[key] !== undefined) out[key] = values[key];
  return out;
}
