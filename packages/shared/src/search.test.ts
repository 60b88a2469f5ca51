import { describe, expect, it } from 'vitest';
import { parseTransportOrderNumber, SearchRequestSchema } from './search.js';

describe('parseTransportOrderNumber', () => {
  it("reads 'ZT/<year>/<id>' in any case, with or without 'ZT/'", () => {
    expect(parseTransportOrderNumber('ZT/2026/0012')).toEqual({ year: 2026, id: 12 });
    expect(parseTransportOrderNumber(' zt/2025/7 ')).toEqual({ year: 2025, id: 7 });
    expect(parseTransportOrderNumber('2026/0345')).toEqual({ year: 2026, id: 345 });
  });

  it('is null for anything else', () => {
    for (const term of ['ZT/2026/', 'ZT/26/12', 'ZT/2026/0000', 'SPR/77/2026', 'kowalski']) {
      expect(parseTransportOrderNumber(term), term).toBeNull();
    }
  });
});

describe('SearchRequestSchema', () => {
  it('trims the term and wants 3 to 100 characters', () => {
    expect(SearchRequestSchema.parse({ q: '  ZT/2026/1 ' })).toEqual({ q: 'ZT/2026/1' });
    expect(SearchRequestSchema.safeParse({ q: ' ab ' }).error?.issues[0]?.message).toBe('minLength');
    expect(SearchRequestSchema.safeParse({ q: 'x'.repeat(101) }).error?.issues[0]?.message).toBe('maxLength');
  });
});
