import { describe, expect, it } from 'vitest';
import { documentYear } from './rules.js';

describe('documentYear', () => {
  it('counts the year in Poland: New Year in Warsaw comes an hour before UTC', () => {
    expect(documentYear(new Date('2026-12-31T22:59:59Z'))).toBe(2026);
    expect(documentYear(new Date('2026-12-31T23:00:00Z'))).toBe(2027);
  });
});
