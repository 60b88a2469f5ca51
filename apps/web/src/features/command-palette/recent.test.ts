import { beforeEach, describe, expect, it } from 'vitest';
import { RECENT_MAX, type RecentItem, readRecent, rememberRecent, withRecent } from './recent';

const item = (n: number): RecentItem => ({ key: `transport:${n}`, label: `T${n}`, description: '', to: '/logistics' });

describe('recently opened items', () => {
  beforeEach(() => localStorage.clear());

  it('puts the newest first, keeps one copy of each and at most RECENT_MAX', () => {
    let list: RecentItem[] = [];
    for (let n = 1; n <= RECENT_MAX + 2; n += 1) list = withRecent(list, item(n));
    list = withRecent(list, item(5));
    expect(list.map((entry) => entry.key)).toEqual([
      'transport:5',
      ...[10, 9, 8, 7, 6, 4, 3].map((n) => `transport:${n}`),
    ]);
  });

  it('keeps each user his own list and ignores what is not a list of items', () => {
    rememberRecent(1, item(1));
    rememberRecent(2, item(2));
    expect(readRecent(1).map((entry) => entry.key)).toEqual(['transport:1']);
    localStorage.setItem('grain.palette.recent.3', '{"bad": true}');
    expect(readRecent(3)).toEqual([]);
    localStorage.setItem('grain.palette.recent.4', JSON.stringify([{ ...item(4), to: 'https://evil.example' }]));
    expect(readRecent(4)).toEqual([]);
  });
});
