import { FILTERED_COUNT_CAP } from '@grain/shared';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { users } from '../db/schema/index.js';
import { AppError } from './errors.js';
import { cappedCount, likePattern, orderByOf, type SortSpec, searchCondition } from './list.js';

const dialect = new PgDialect();
const render = (parts: SQL[]) => dialect.sqlToQuery(sql.join(parts, sql`, `)).sql;

const SORT: SortSpec = {
  keys: { first_name: users.firstName, email: users.email },
  defaultKey: 'first_name',
  tiebreaker: users.id,
};

describe('orderByOf', () => {
  it('sorts by the default key ascending, with the tiebreaker, when order_by is missing', () => {
    expect(render(orderByOf(undefined, SORT))).toBe('"users"."first_name" asc, "users"."id" asc');
    expect(render(orderByOf('', SORT))).toBe('"users"."first_name" asc, "users"."id" asc');
  });

  it('takes the default direction of the spec', () => {
    expect(render(orderByOf(undefined, { ...SORT, defaultDirection: 'desc' }))).toBe(
      '"users"."first_name" desc, "users"."id" desc',
    );
  });

  it('reads key and direction', () => {
    expect(render(orderByOf('email:desc', SORT))).toBe('"users"."email" desc, "users"."id" desc');
    expect(render(orderByOf('email:asc', SORT))).toBe('"users"."email" asc, "users"."id" asc');
    expect(render(orderByOf('email', SORT))).toBe('"users"."email" asc, "users"."id" asc');
  });

  it.each(['last_name', 'firstName', 'email:up', 'email:DESC', ':asc', 'toString', '__proto__', 'hasOwnProperty'])(
    'refuses %s with INVALID_SORT_PARAMS',
    (orderBy) => {
      let thrown: unknown;
      try {
        orderByOf(orderBy, SORT);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(AppError);
      expect(thrown).toMatchObject({ code: 'INVALID_SORT_PARAMS', statusCode: 400 });
    },
  );
});

describe('cappedCount', () => {
  it('states a count up to the cap exactly and above it only that there are more', () => {
    expect(cappedCount(0)).toEqual({ filtered: 0 });
    expect(cappedCount(FILTERED_COUNT_CAP)).toEqual({ filtered: FILTERED_COUNT_CAP });
    expect(cappedCount(FILTERED_COUNT_CAP + 1)).toEqual({ filtered: FILTERED_COUNT_CAP, filteredCapped: true });
  });
});

describe('likePattern', () => {
  it('wraps the term in % for "contains"', () => {
    expect(likePattern('nowak')).toBe('%nowak%');
  });

  it('escapes the LIKE wildcards and the escape character itself', () => {
    expect(likePattern('100%')).toBe('%100\\%%');
    expect(likePattern('a_b')).toBe('%a\\_b%');
    expect(likePattern('c:\\temp')).toBe('%c:\\\\temp%');
  });
});

describe('likePattern against the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function matches(value: string, term: string): Promise<boolean> {
    const result = await t.db.execute(sql`select ${value} ilike ${likePattern(term)} as hit`);
    return (result as unknown as { rows: { hit: boolean }[] }).rows[0]!.hit;
  }

  it('matches the characters literally', async () => {
    expect(await matches('rabat 100%', '100%')).toBe(true);
    expect(await matches('rabat 1000', '100%')).toBe(false);
    expect(await matches('a_b@example.com', 'a_b')).toBe(true);
    expect(await matches('axb@example.com', 'a_b')).toBe(false);
    expect(await matches('c:\\temp', 'c:\\t')).toBe(true);
    expect(await matches('c:temp', 'c:\\t')).toBe(false);
  });

  it('ignores letter case', async () => {
    expect(await matches('Kowalska', 'KOWAL')).toBe(true);
  });
});

describe('searchCondition', () => {
  it('is undefined for no search, an empty one or only spaces', () => {
    expect(searchCondition(undefined, [users.email])).toBeUndefined();
    expect(searchCondition('', [users.email])).toBeUndefined();
    expect(searchCondition('   ', [users.email])).toBeUndefined();
  });

  it('ORs a case-insensitive match over every column with the trimmed term', () => {
    const condition = searchCondition('  nowak ', [users.firstName, users.email])!;
    const query = dialect.sqlToQuery(condition);
    expect(query.sql).toBe('("users"."first_name" ilike $1 or "users"."email" ilike $2)');
    expect(query.params).toEqual(['%nowak%', '%nowak%']);
  });
});
