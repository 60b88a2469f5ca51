import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  currentPage,
  DEFAULT_PAGE_SIZE,
  listRequestSchema,
  PlainListRequestSchema,
  pageCount,
  parseOrderBy,
  SelectedOptionsRequestSchema,
} from './list.js';
import { V } from './validation.js';

describe('pageCount and currentPage', () => {
  it('counts pages as filtered / page size rounded up', () => {
    expect(pageCount(0, 10)).toBe(0);
    expect(pageCount(1, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(101, 25)).toBe(5);
  });

  it('numbers the current page from 1 as offset / page size + 1', () => {
    expect(currentPage(0, 10)).toBe(1);
    expect(currentPage(10, 10)).toBe(2);
    expect(currentPage(49, 25)).toBe(2);
    expect(currentPage(50, 25)).toBe(3);
  });
});

describe('parseOrderBy', () => {
  it('splits key and direction, ascending by default', () => {
    expect(parseOrderBy('first_name')).toEqual({ key: 'first_name', direction: 'asc' });
    expect(parseOrderBy('first_name:asc')).toEqual({ key: 'first_name', direction: 'asc' });
    expect(parseOrderBy('last_name:desc')).toEqual({ key: 'last_name', direction: 'desc' });
  });

  it('answers null when there is no order', () => {
    expect(parseOrderBy(undefined)).toBeNull();
    expect(parseOrderBy('')).toBeNull();
  });

  it('answers an empty key, which no whitelist has, for an unknown direction', () => {
    expect(parseOrderBy('first_name:up')).toEqual({ key: '', direction: 'asc' });
    expect(parseOrderBy('first_name:DESC')).toEqual({ key: '', direction: 'asc' });
  });
});

describe('listRequestSchema', () => {
  const schema = listRequestSchema(
    z.strictObject({ isActive: z.boolean().optional(), rawMaterialId: z.number().optional() }),
  );

  it('fills in limit 10 and offset 0', () => {
    expect(schema.parse({})).toEqual({ limit: DEFAULT_PAGE_SIZE, offset: 0 });
    expect(schema.parse({ limit: '', offset: '' })).toEqual({ limit: 10, offset: 0 });
  });

  it('reads numbers from GET strings', () => {
    expect(schema.parse({ limit: '25', offset: '50' })).toMatchObject({ limit: 25, offset: 50 });
  });

  it('takes numbers from a POST body as they are', () => {
    expect(schema.parse({ limit: 50, offset: 0, search: 'nowak', orderBy: 'code:desc' })).toEqual({
      limit: 50,
      offset: 0,
      search: 'nowak',
      orderBy: 'code:desc',
    });
  });

  it('parses a GET filter from JSON text into an object with camelCase keys', () => {
    const parsed = schema.parse({ filter: JSON.stringify({ is_active: true, raw_material_id: 1 }) });
    expect(parsed.filter).toEqual({ isActive: true, rawMaterialId: 1 });
  });

  it('takes a POST filter object as it is', () => {
    expect(schema.parse({ filter: { isActive: false } }).filter).toEqual({ isActive: false });
  });

  it('treats an empty filter as no filter', () => {
    expect(schema.parse({ filter: '' }).filter).toEqual({});
  });

  it.each([
    [{ limit: 'ten' }, ['limit'], V.wrongType],
    [{ limit: '0' }, ['limit'], V.tooSmall],
    [{ limit: '101' }, ['limit'], V.tooBig],
    [{ limit: '2.5' }, ['limit'], V.integer],
    [{ offset: '-1' }, ['offset'], V.tooSmall],
    [{ search: 'x'.repeat(256) }, ['search'], V.maxLength],
  ])('refuses %j', (input, path, message) => {
    expect(schema.safeParse(input).error?.issues).toMatchObject([{ path, message }]);
  });

  it('refuses a filter that is not JSON, or has unknown keys', () => {
    expect(schema.safeParse({ filter: '{not json' }).success).toBe(false);
    expect(schema.safeParse({ filter: '{"unknown_key":1}' }).error?.issues).toMatchObject([
      { code: 'unrecognized_keys', path: ['filter'], keys: ['unknownKey'] },
    ]);
  });

  it('refuses unknown fields', () => {
    expect(schema.safeParse({ page: 2 }).error?.issues).toMatchObject([{ code: 'unrecognized_keys', keys: ['page'] }]);
  });

  it('allows a higher limit only up to the given maximum', () => {
    expect(listRequestSchema(z.strictObject({}), 50).safeParse({ limit: 51 }).success).toBe(false);
    expect(PlainListRequestSchema.parse({ limit: 100 }).limit).toBe(100);
  });
});

describe('SelectedOptionsRequestSchema', () => {
  it('reads include_ids from "1,2", a repeated key or numbers', () => {
    expect(SelectedOptionsRequestSchema.parse({ includeIds: '1,2' })).toEqual({ includeIds: [1, 2] });
    expect(SelectedOptionsRequestSchema.parse({ includeIds: ['3', '4'] })).toEqual({ includeIds: [3, 4] });
    expect(SelectedOptionsRequestSchema.parse({ includeIds: [5] })).toEqual({ includeIds: [5] });
    expect(SelectedOptionsRequestSchema.safeParse({ includeIds: '0' }).success).toBe(false);
    expect(SelectedOptionsRequestSchema.safeParse({ includeIds: [2_147_483_648] }).success).toBe(false);
  });
});
