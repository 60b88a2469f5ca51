import { describe, expect, it } from 'vitest';
import { SearchRequestSchema } from './search.js';

describe('SearchRequestSchema', () => {
  it('trims the term and wants 3 to 100 characters', () => {
    expect(SearchRequestSchema.parse({ q: '  ZT/2026/1 ' })).toEqual({ q: 'ZT/2026/1' });
    expect(SearchRequestSchema.safeParse({ q: ' ab ' }).error?.issues[0]?.message).toBe('minLength');
    expect(SearchRequestSchema.safeParse({ q: 'x'.repeat(101) }).error?.issues[0]?.message).toBe('maxLength');
  });
});
