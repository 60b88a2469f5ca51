import { sql } from 'drizzle-orm';
import { index, integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { isoTimestamp } from '../columns.js';
import { mailOutbox } from './mail.js';
import { transports } from './transports.js';
import { users } from './users.js';

/** Every time a transport order went to a carrier, to whom and by whom. */
export const transportOrderSends = pgTable(
  'transport_order_sends',
  {
    id: serial('id').primaryKey(),
    transportId: integer('transport_id')
      .notNull()
      .references(() => transports.id, { onDelete: 'cascade' }),
    recipient: varchar('recipient', { length: 255 }).notNull(),
    orderNumber: varchar('order_number', { length: 64 }).notNull(),
    sentBy: integer('sent_by').references(() => users.id, { onDelete: 'set null' }),
    mailId: integer('mail_id').references(() => mailOutbox.id, { onDelete: 'set null' }),
    createdAt: isoTimestamp('created_at').notNull().default(sql`now()`),
  },
  (t) => [index('transport_order_sends_transport_idx').on(t.transportId, t.id)],
);
