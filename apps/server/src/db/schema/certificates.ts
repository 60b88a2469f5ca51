import { CERTIFICATE_KINDS } from '@grain/shared';
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, serial, text, varchar } from 'drizzle-orm/pg-core';
import { enumCheck } from '../enum-checks.js';
import { contractors } from './contractors.js';

/** Certificates of a contractor (GMP+, QS, ISCC, other) with their validity. */
export const contractorCertificates = pgTable(
  'contractor_certificates',
  {
    id: serial('id').primaryKey(),
    contractorId: integer('contractor_id')
      .notNull()
      .references(() => contractors.id, { onDelete: 'cascade' }),
    kind: varchar('kind', { length: 16, enum: CERTIFICATE_KINDS }).notNull(),
    number: varchar('number', { length: 255 }).notNull(),
    validFrom: date('valid_from', { mode: 'string' }),
    validTo: date('valid_to', { mode: 'string' }).notNull(),
    scope: text('scope'),
  },
  (t) => [
    index('contractor_certificates_contractor_idx').on(t.contractorId, t.id),
    index('contractor_certificates_valid_to_idx').on(t.validTo),
    enumCheck('contractor_certificates', 'kind'),
    check('contractor_certificates_dates_order', sql`valid_from is null or valid_to >= valid_from`),
  ],
);
