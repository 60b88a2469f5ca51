import { readdirSync, readFileSync } from 'node:fs';
import { vehicleKey } from '@grain/shared';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertTransport } from '../../../test/fixtures/allocations.js';
import { seedPair } from '../../../test/fixtures/transports.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { transports } from '../../db/schema/index.js';
import { vehicleKeySqlText } from '../../db/vehicle-key-sql.js';

let t: TestApp;
let transportId: number;
beforeAll(async () => {
  t = await createTestApp();
  await resetDatabase(t.db);
  const pair = await seedPair(t.db);
  transportId = (await insertTransport(t.db, pair, 10_000)).id;
});
afterAll(() => t.close());

/**
 * Characters where a JavaScript and a SQL reading of "upper case, no spaces or hyphens" part ways: every kind of
 * white space (NBSP, the Zs block, line and paragraph separators, BOM), dashes, zero-width characters, letters
 * whose upper case is longer (ß, ŉ, ﬁ), depends on context (ς) or on the locale (ı, İ), title-case digraphs,
 * Polish, German and Cyrillic letters and combining marks.
 */
const trickyChars = [
  ...' \t\n\v\f\r\u00a0\u1680\u2000\u2005\u200a\u2028\u2029\u202f\u205f\u3000\ufeff\u0085\u180e',
  ...'-\u00ad\u2010\u2011\u2012\u2013\u2014\u2015\u2212\u200b\u200c\u200d\u2060',
  ...'ßẞŉﬁǅǆǄıİiIςσΣµÿŸſ',
  ...'ąćęłńóśźżĄĆĘŁŃÓŚŹŻäöüÄÖÜéè',
  ...'абвгдеёжзийклмнопрстуфхцчшщъыьэюяАБВЁЯіїєґІЇЄҐ',
  ...'\u0301\u0308\u0328\u0307',
  ...'aAzZ09',
];
/** Any Unicode text PostgreSQL can store (no NUL), tricky characters mixed in, up to the column's 255 characters. */
const anyChar = fc.oneof(
  fc.constantFrom(...trickyChars),
  fc.string({ unit: 'binary', minLength: 1, maxLength: 1 }).filter((char) => char !== '\u0000'),
);
const registration = fc.oneof(
  fc.constant(null),
  fc.array(anyChar, { maxLength: 40 }).map((chars) => chars.join('')),
);

describe('transports.registration_key / driver_document_key (the generated column twins of vehicleKey)', () => {
  it('give the same key as the shared rule for any Unicode registration and driver document', async () => {
    await fc.assert(
      fc.asyncProperty(registration, registration, async (registrationNumber, driverDocumentId) => {
        const [row] = await t.db
          .update(transports)
          .set({ registrationNumber, driverDocumentId })
          .where(eq(transports.id, transportId))
          .returning({ registrationKey: transports.registrationKey, driverDocumentKey: transports.driverDocumentKey });
        expect(row?.registrationKey, JSON.stringify(registrationNumber)).toBe(vehicleKey(registrationNumber));
        expect(row?.driverDocumentKey, JSON.stringify(driverDocumentId)).toBe(vehicleKey(driverDocumentId));
      }),
      { numRuns: 300, seed: 27 },
    );
  });

  it('reads a registration typed with a non-breaking space, a dash or lower case as the same truck', async () => {
    for (const typed of ['po\u00a012345', 'PO\u2013123\u202f45', ' Po-12345 ', 'PO12345']) {
      const [row] = await t.db
        .update(transports)
        .set({ registrationNumber: typed })
        .where(eq(transports.id, transportId))
        .returning({ registrationKey: transports.registrationKey });
      expect(row?.registrationKey, JSON.stringify(typed)).toBe('PO12345');
      expect(vehicleKey(typed), JSON.stringify(typed)).toBe('PO12345');
    }
  });

  it('is written by a migration with the very text the schema builds from the shared character lists', () => {
    const folder = new URL('../../../drizzle/', import.meta.url);
    const migrations = readdirSync(folder)
      .filter((file) => file.endsWith('.sql'))
      .sort()
      .map((file) => readFileSync(new URL(file, folder), 'utf8'));
    const last = (column: string) => migrations.findLast((text) => text.includes(`"${column}" text GENERATED`));
    expect(last('registration_key')).toContain(`GENERATED ALWAYS AS (${vehicleKeySqlText('registration_number')})`);
    expect(last('driver_document_key')).toContain(`GENERATED ALWAYS AS (${vehicleKeySqlText('driver_document_id')})`);
  });
});
