import { describe, expect, it } from 'vitest';
import { growthOf } from './growth.js';

/** The small-versus-large comparison the bench prints (docs/performance.md, Growth). */
const result = (scale: string, rows: Record<string, number>) => {
  const of = (name: string) => ({ name, server: { median: rows[name]!, p95: rows[name]! * 2 } });
  const names = Object.keys(rows);
  return {
    date: '2026-11-28T00:00:00Z',
    database: 'postgresql',
    scale,
    lists: names.filter((name) => !name.startsWith('search ') && name !== 'positions').map(of),
    searches: names.filter((name) => name.startsWith('search ')).map(of),
    other: names.filter((name) => name === 'positions').map(of),
  };
};

describe('growthOf', () => {
  it('compares first pages, typed searches (whatever the term) and positions; misses above ×1.5 past 5 ms', () => {
    const small = result('small', {
      'transports all: first page': 4,
      'transports all: offset 5000': 2,
      'search transports all: common word "białystok"': 2,
      'search users: one letter "a"': 1,
      positions: 10,
    });
    const large = result('large', {
      'transports all: first page': 8,
      'transports all: offset 5000': 40,
      'search transports all: common word "bydgoszcz"': 2.4,
      'search users: one letter "a"': 3,
      positions: 14,
    });
    const { rows, missed } = growthOf(small, large);
    expect(rows).toEqual([
      { name: 'transports all: first page', smallMs: 4, largeMs: 8, growth: 2 },
      { name: 'search transports all: common word "…"', smallMs: 2, largeMs: 2.4, growth: 1.2 },
      { name: 'search users: one letter "…"', smallMs: 1, largeMs: 3, growth: 3 },
      { name: 'positions', smallMs: 10, largeMs: 14, growth: 1.4 },
    ]);
    // The offset is not a first page; ×3 at 3 ms is the clock's noise, not a scan.
    expect(missed).toEqual(['transports all: first page: ×2 (4 → 8 ms)']);
  });
});
