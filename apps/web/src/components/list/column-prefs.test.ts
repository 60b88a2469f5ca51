import { describe, expect, it } from 'vitest';
import { prefsStorageKey, visibleColumns, withColumnMoved, withColumnVisible } from './column-prefs';

const columns = [
  { key: 'number', isAlwaysShown: true },
  { key: 'quantity' },
  { key: 'price' },
  { key: 'owner', isHiddenByDefault: true },
  { key: 'actions', isAlwaysShown: true },
];
const keys = (list: { key: string }[]) => list.map((column) => column.key);

describe('column choices (column chooser)', () => {
  it('shows the default columns in the default order without choices', () => {
    expect(keys(visibleColumns(columns, {}))).toEqual(['number', 'quantity', 'price', 'actions']);
  });

  it('hides and shows columns, never the ones always shown', () => {
    const hidden = withColumnVisible(columns, {}, 'price', false);
    expect(keys(visibleColumns(columns, hidden))).toEqual(['number', 'quantity', 'actions']);
    const withOwner = withColumnVisible(columns, hidden, 'owner', true);
    expect(keys(visibleColumns(columns, withOwner))).toEqual(['number', 'quantity', 'owner', 'actions']);
    const tried = withColumnVisible(columns, {}, 'number', false);
    expect(keys(visibleColumns(columns, tried))).toContain('number');
  });

  it('moves a column up or down and keeps new columns after the ordered ones', () => {
    const moved = withColumnMoved(columns, {}, 'price', -1);
    expect(keys(visibleColumns(columns, moved))).toEqual(['number', 'price', 'quantity', 'actions']);
    expect(withColumnMoved(columns, moved, 'number', -1)).toBe(moved);
    const more = [...columns, { key: 'comments' }];
    expect(keys(visibleColumns(more, moved))).toEqual(['number', 'price', 'quantity', 'actions', 'comments']);
  });

  it('keeps the choices per user and list', () => {
    expect(prefsStorageKey(7, 'contracts.purchase')).toBe('grain.list.7.contracts.purchase');
  });
});
