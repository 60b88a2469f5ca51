import type { ContractHistoryEntry } from '@grain/shared';

/**
 * The contract's change history (the dashboard answer's audit entries) as lines to show. An update entry holds
 * `{ field: { from, to } }` per changed column (lib/audit.ts diff); status entries hold `{ status: { from, to } }`;
 * child lists hold `{ deleted, updated, added }`. Values are shown for the fields people read; ids, price options,
 * contacts and e-mail lists are named without values.
 */
export type ValueFormat = 'tonnes' | 'money' | 'date' | 'flag' | 'status' | 'agreement' | 'text' | 'none';

const FORMATS: Record<string, ValueFormat> = {
  cargoQuantityKg: 'tonnes',
  price: 'money',
  minPrice: 'money',
  dateOfReceiptFrom: 'date',
  dateOfReceiptTo: 'date',
  isFor: 'flag',
  isCert: 'flag',
  isGmp: 'flag',
  isTolerance: 'flag',
  status: 'status',
  agreementStatus: 'agreement',
  documentNumber: 'text',
  currency: 'text',
  freight: 'text',
  street: 'text',
  buildingNumber: 'text',
  postCode: 'text',
  city: 'text',
  countryCode: 'text',
  countyCode: 'text',
  comments: 'text',
  toleranceType: 'text',
  toleranceUnit: 'text',
};

export interface HistoryChange {
  field: string;
  format: ValueFormat;
  from: unknown;
  to: unknown;
}

const isFromTo = (value: unknown): value is { from: unknown; to: unknown } =>
  typeof value === 'object' && value !== null && 'from' in value && 'to' in value;

/** The changed fields of one entry; a creation or deletion lists none (the action says it all). */
export function historyChanges(entry: ContractHistoryEntry): HistoryChange[] {
  if (entry.action === 'create' || entry.action === 'delete') return [];
  return Object.entries(entry.changes).map(([field, change]) => {
    const format = FORMATS[field] ?? 'none';
    if (format === 'none' || !isFromTo(change)) return { field, format: 'none' as const, from: null, to: null };
    return { field, format, from: change.from, to: change.to };
  });
}

/** "Jan Kowalski", or null for a change made by the system. */
export function historyAuthor(entry: ContractHistoryEntry): string | null {
  const name = [entry.userFirstName, entry.userLastName].filter(Boolean).join(' ');
  return name || null;
}
