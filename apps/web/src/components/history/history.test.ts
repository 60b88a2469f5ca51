import type { HistoryEntry } from '@grain/shared';
import { describe, expect, it } from 'vitest';
import { CONTRACT_HISTORY_FORMATS } from '../../features/contracts/components/contract-history';
import { TRANSPORT_HISTORY_FORMATS } from '../../features/transports/components/transport-history';
import { historyAuthor, historyChanges } from './history';

const entry = (action: string, changes: Record<string, unknown>): HistoryEntry => ({
  id: 1,
  entity: 'purchase_contract',
  entityId: 7,
  entityKind: null,
  action,
  changes,
  createdAt: '2026-04-01T08:00:00.000Z',
  userId: 1,
  userFirstName: 'Jan',
  userLastName: 'Kowalski',
});

describe('history lines', () => {
  it('shows values of the fields people read and only names the others', () => {
    const changes = historyChanges(
      entry('update', {
        cargoQuantityKg: { from: 1000, to: 2000 },
        counterpartyId: { from: 1, to: 2 },
        contactList: { deleted: [3], updated: [], added: [] },
      }),
      CONTRACT_HISTORY_FORMATS,
    );
    expect(changes).toEqual([
      { field: 'cargoQuantityKg', format: 'tonnes', kind: 'fromTo', from: 1000, to: 2000 },
      { field: 'counterpartyId', format: 'none', kind: 'name' },
      { field: 'contactList', format: 'none', kind: 'name' },
    ]);
  });

  it('hides ids a transport entry also names readably, orders fields as named, and shows an event value', () => {
    const update = historyChanges(
      entry('update', {
        carrierId: { from: 3, to: 4 },
        carrier: { from: 'K1 – Trans', to: 'K2 – Szybki' },
        status: { from: 'NEW', to: 'ON_THE_WAY' },
      }),
      TRANSPORT_HISTORY_FORMATS,
    );
    // In the order the formats name them (jsonb keeps none): the status first.
    expect(update).toEqual([
      { field: 'status', format: 'enum:status.transport', kind: 'fromTo', from: 'NEW', to: 'ON_THE_WAY' },
      { field: 'carrier', format: 'text', kind: 'fromTo', from: 'K1 – Trans', to: 'K2 – Szybki' },
    ]);
    const sent = historyChanges(entry('send_order', { orderNumber: 'ZT/2026/0001' }), TRANSPORT_HISTORY_FORMATS);
    expect(sent).toEqual([{ field: 'orderNumber', format: 'text', kind: 'value', value: 'ZT/2026/0001' }]);
  });

  it('lists no fields for a creation or a deletion and names the author', () => {
    expect(historyChanges(entry('create', { cargoQuantityKg: 1000 }), CONTRACT_HISTORY_FORMATS)).toEqual([]);
    expect(historyChanges(entry('delete', { status: { from: 'NEW', to: null } }), TRANSPORT_HISTORY_FORMATS)).toEqual(
      [],
    );
    expect(historyAuthor(entry('status', {}))).toBe('Jan Kowalski');
    expect(historyAuthor({ ...entry('status', {}), userFirstName: null, userLastName: null })).toBeNull();
  });
});
