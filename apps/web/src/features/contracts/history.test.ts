import { describe, expect, it } from 'vitest';
import { historyAuthor, historyChanges } from './history';

const entry = (action: string, changes: Record<string, unknown>) => ({
  id: 1,
  action,
  changes,
  createdAt: '2026-04-01T08:00:00.000Z',
  userId: 1,
  userFirstName: 'Jan',
  userLastName: 'Kowalski',
});

describe('contract history', () => {
  it('shows values of the fields people read and only names the others', () => {
    const changes = historyChanges(
      entry('update', {
        cargoQuantityKg: { from: 1000, to: 2000 },
        counterpartyId: { from: 1, to: 2 },
        contactList: { deleted: [3], updated: [], added: [] },
      }),
    );
    expect(changes).toEqual([
      { field: 'cargoQuantityKg', format: 'tonnes', from: 1000, to: 2000 },
      { field: 'counterpartyId', format: 'none', from: null, to: null },
      { field: 'contactList', format: 'none', from: null, to: null },
    ]);
  });

  it('lists no fields for a creation and names the author', () => {
    expect(historyChanges(entry('create', { cargoQuantityKg: 1000 }))).toEqual([]);
    expect(historyAuthor(entry('status', {}))).toBe('Jan Kowalski');
    expect(historyAuthor({ ...entry('status', {}), userFirstName: null, userLastName: null })).toBeNull();
  });
});
