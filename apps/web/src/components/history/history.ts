import type { HistoryEntry } from '@grain/shared';

/**
 * A record's change history (the audit entries a dashboard answers, RULES.md "Everything that changes data") as
 * lines to show, for contracts and transports alike. An entry holds `{ field: { from, to } }` per changed field
 * (server lib/audit.ts), child lists as `{ deleted, updated, added }` and plain values for events (an order sent).
 * Each screen says how its fields read (`HistoryFormats`): values are shown for the fields people read, ids are
 * hidden, and child lists are named without values.
 */
export type ValueFormat =
  | 'tonnes'
  | 'money'
  /** An amount in złoty whatever the record's currency (a statement row's PLN value). */
  | 'pln'
  /** An exchange rate × RATE_SCALE. */
  | 'rate'
  | 'date'
  | 'flag'
  | 'text'
  /** Translated through `<prefix>.<value>`, e.g. `enum:status.transport`. */
  | `enum:${string}`
  /** Named without values. */
  | 'none'
  /** Not shown at all (an id, when the entry names the same thing readably). */
  | 'hidden';

export type HistoryFormats = Readonly<Record<string, ValueFormat>>;

export type HistoryChange =
  | { field: string; format: ValueFormat; kind: 'fromTo'; from: unknown; to: unknown }
  | { field: string; format: ValueFormat; kind: 'value'; value: unknown }
  | { field: string; format: 'none'; kind: 'name' };

const isFromTo = (value: unknown): value is { from: unknown; to: unknown } =>
  typeof value === 'object' && value !== null && 'from' in value && 'to' in value;

const isScalar = (value: unknown) =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';

/**
 * The changed fields of one entry in the order the formats name them (the database keeps no order of an entry's
 * fields), unknown ones last; a creation or deletion lists none (the action says it all).
 */
export function historyChanges(entry: HistoryEntry, formats: HistoryFormats): HistoryChange[] {
  if (entry.action === 'create' || entry.action === 'delete') return [];
  const order = Object.keys(formats);
  const rank = (field: string) => (order.includes(field) ? order.indexOf(field) : order.length);
  const fields = Object.entries(entry.changes).sort(([a], [b]) => rank(a) - rank(b));
  return fields.flatMap(([field, change]): HistoryChange[] => {
    const format = formats[field] ?? 'none';
    if (format === 'hidden') return [];
    if (format !== 'none' && isFromTo(change))
      return [{ field, format, kind: 'fromTo', from: change.from, to: change.to }];
    if (format !== 'none' && isScalar(change)) return [{ field, format, kind: 'value', value: change }];
    return [{ field, format: 'none', kind: 'name' }];
  });
}

/** "Jan Kowalski", or null for a change made by the system. */
export function historyAuthor(entry: HistoryEntry): string | null {
  const name = [entry.userFirstName, entry.userLastName].filter(Boolean).join(' ');
  return name || null;
}
