import { customType } from 'drizzle-orm/pg-core';

/**
 * timestamptz read as an ISO 8601 string (`2026-01-31T12:00:00.000Z`), as the API promises; the drivers' own
 * text form (`2026-01-31 12:00:00+00`) is not ISO 8601.
 */
export const isoTimestamp = customType<{ data: string; driverData: string }>({
  dataType: () => 'timestamp with time zone',
  fromDriver: (value) => new Date(value).toISOString(),
});
