import { WEIGHBRIDGE_SIDES, WEIGHBRIDGE_TICKET_STATUSES, WEIGHING_SOURCES } from '@grain/shared';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { isoTimestamp, kg } from '../columns.js';
import { enumCheck } from '../enum-checks.js';
import { transports } from './transports.js';
import { users } from './users.js';

/**
 * A weighbridge ticket (CONTRIBUTING.md Weighbridge): one weighing of a transport's truck on the loading or the
 * unloading side. Numbered at creation in its own series (the invoices' gapless counter); once CLOSED never
 * edited: a correction is a new ticket (`corrects_ticket_id`) and the old one becomes CANCELLED, both kept.
 */
export const weighbridgeTickets = pgTable(
  'weighbridge_tickets',
  {
    id: serial('id').primaryKey(),
    number: varchar('number', { length: 64 }).notNull(),
    transportId: integer('transport_id')
      .notNull()
      .references(() => transports.id),
    side: varchar('side', { length: 16, enum: WEIGHBRIDGE_SIDES }).notNull(),
    status: varchar('status', { length: 16, enum: WEIGHBRIDGE_TICKET_STATUSES }).notNull().default('OPEN'),
    registrationNumber: varchar('registration_number', { length: 255 }).notNull(),
    driverName: varchar('driver_name', { length: 255 }),
    scaleName: varchar('scale_name', { length: 100 }).notNull(),
    grossKg: kg('gross_kg'),
    grossAt: isoTimestamp('gross_at'),
    grossSource: varchar('gross_source', { length: 16, enum: WEIGHING_SOURCES }),
    tareKg: kg('tare_kg'),
    tareAt: isoTimestamp('tare_at'),
    tareSource: varchar('tare_source', { length: 16, enum: WEIGHING_SOURCES }),
    netKg: kg('net_kg'),
    operatorId: integer('operator_id').references(() => users.id, { onDelete: 'set null' }),
    /** The operator as he signed the ticket (kept if the user is renamed or removed). */
    operatorName: varchar('operator_name', { length: 255 }).notNull(),
    closedAt: isoTimestamp('closed_at'),
    correctsTicketId: integer('corrects_ticket_id').references((): AnyPgColumn => weighbridgeTickets.id),
    correctionReason: varchar('correction_reason', { length: 1000 }),
    cancelledByTicketId: integer('cancelled_by_ticket_id').references((): AnyPgColumn => weighbridgeTickets.id),
    createdAt: isoTimestamp('created_at').notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('weighbridge_tickets_number_key').on(t.number),
    // One ticket in force per transport and side: a second weighing is a correction of the first.
    uniqueIndex('weighbridge_tickets_transport_side_key').on(t.transportId, t.side).where(sql`status <> 'CANCELLED'`),
    index('weighbridge_tickets_transport_idx').on(t.transportId, t.id),
    enumCheck('weighbridge_tickets', 'side'),
    enumCheck('weighbridge_tickets', 'status'),
    enumCheck('weighbridge_tickets', 'gross_source'),
    enumCheck('weighbridge_tickets', 'tare_source'),
    check('weighbridge_tickets_tare_not_above_gross', sql`tare_kg <= gross_kg`),
    check(
      'weighbridge_tickets_closed_complete',
      sql`status = 'OPEN' or (gross_kg is not null and tare_kg is not null and net_kg = gross_kg - tare_kg and closed_at is not null)`,
    ),
  ],
);
