import { sql } from 'drizzle-orm';
import { bigint, customType, date, text } from 'drizzle-orm/pg-core';

/**
 * timestamptz read as an ISO 8601 string (`2026-01-31T12:00:00.000Z`), as the API promises; the drivers' own
 * text form (`2026-01-31 12:00:00+00`) is not ISO 8601.
 */
export const isoTimestamp = customType<{ data: string; driverData: string }>({
  dataType: () => 'timestamp with time zone',
  fromDriver: (value) => isoFromTimestampText(value),
});

/** PostgreSQL's text of a timestamptz in UTC (the session's zone here): `2026-01-31 12:00:00.123456+00`. */
const UTC_TIMESTAMP_TEXT = /^(\d{4}-\d{2}-\d{2}) (\d{2}:\d{2}:\d{2})(?:\.(\d{1,6}))?\+00$/;

/**
 * The ISO 8601 form of a timestamptz as the driver gives it. The UTC text is rewritten as text, milliseconds cut
 * as Date cuts them (parsing a Date per timestamp was a visible share of a list call's CPU); any other
 * form (another zone, another era) goes through Date.
 */
export function isoFromTimestampText(value: string): string {
  const parts = typeof value === 'string' ? UTC_TIMESTAMP_TEXT.exec(value) : null;
  if (!parts) return new Date(value).toISOString();
  const milliseconds = (parts[3] ?? '').padEnd(3, '0').slice(0, 3);
  return `${parts[1]}T${parts[2]}.${milliseconds}Z`;
}

/**
 * Column kinds of the schema (db/schema/): kilograms and minor units are integers (bigint read as number, safe to
 * 2^53); dates are YYYY-MM-DD strings.
 */
export const kg = (name: string) => bigint(name, { mode: 'number' });
export const minor = (name: string) => bigint(name, { mode: 'number' });
export const day = (name: string) => date(name, { mode: 'string' });

/** The exact bytes of a document (PostgreSQL bytea) as a Node Buffer: stored invoice XML, never rebuilt. */
export const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value: Uint8Array) => Buffer.from(value),
});

/** Created and last-updated times of a row, set by the database. */
export const timestamps = {
  createdAt: isoTimestamp('created_at').notNull().default(sql`now()`),
  updatedAt: isoTimestamp('updated_at').notNull().default(sql`now()`),
};

/**
 * One lower-cased text per row holding every searchable column, kept by PostgreSQL (a stored generated column).
 * A list search is then one LIKE on one column: cheap to scan, and on PostgreSQL served by a pg_trgm GIN index
 * (migration search_indexes; PGlite has no pg_trgm and scans). The unit separator between the values keeps a
 * term from matching across two of them, as the former per-column ILIKEs did not; db/search.ts searches it.
 */
export function searchText(columnNames: string[]) {
  const joined = columnNames.map((name) => `coalesce(${name}, '')`).join(` || E'\\x1f' || `);
  return text('search_text').generatedAlwaysAs(sql.raw(`lower(${joined})`));
}
