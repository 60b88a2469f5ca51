import type { UserRole } from './enums.js';

/**
 * Live updates (ARCHITECTURE.md Stack: Server-Sent Events fed by PostgreSQL LISTEN/NOTIFY). A change event names
 * the kind of record that changed (its audit entity), its id and who changed it, nothing of its values: the screen
 * that shows the record asks the server again, with the reader's own rights.
 */
export const LIVE_EVENT_KINDS = [
  'transport',
  'purchase_contract',
  'sales_contract',
  'allocation',
  'transaction',
  'invoice',
  'contractor',
  'user',
] as const;
export type LiveEventKind = (typeof LIVE_EVENT_KINDS)[number];

/**
 * Who hears a kind: exactly the roles of the routes that read it (the server's test compares each kind with its
 * read route), so no event tells a user of a record they may not open.
 */
export const LIVE_EVENT_READERS: Record<LiveEventKind, readonly UserRole[]> = {
  transport: ['ADMIN', 'USER'],
  purchase_contract: ['ADMIN', 'USER'],
  sales_contract: ['ADMIN', 'USER'],
  allocation: ['ADMIN', 'USER'],
  transaction: ['ADMIN', 'USER'],
  invoice: ['ADMIN', 'USER'],
  contractor: ['ADMIN', 'USER'],
  user: ['ADMIN'],
};

/** One change on the stream (`event: change`); `by` is the user who made it, null for the system. */
export interface LiveChange {
  kind: LiveEventKind;
  id: number;
  by: number | null;
}

/** The stream's event names: a change, and "you may have missed changes, ask again" after the server's feed broke. */
export const LIVE_EVENT_CHANGE = 'change';
export const LIVE_EVENT_RESYNC = 'resync';

export function isLiveEventKind(value: unknown): value is LiveEventKind {
  return typeof value === 'string' && (LIVE_EVENT_KINDS as readonly string[]).includes(value);
}
