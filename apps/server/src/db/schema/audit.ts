import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { isoTimestamp } from '../columns.js';
import { users } from './users.js';

/** Append-only history of every change: who, when, which entity, what changed. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    entity: varchar('entity', { length: 64 }).notNull(),
    entityId: integer('entity_id').notNull(),
    action: varchar('action', { length: 64 }).notNull(),
    changes: jsonb('changes').notNull().default({}),
    createdAt: isoTimestamp('created_at').notNull().default(sql`now()`),
  },
  (t) => [index('audit_log_entity_idx').on(t.entity, t.entityId, t.id)],
);
