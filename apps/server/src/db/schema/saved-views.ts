import type { SavedViewState } from '@grain/shared';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  smallint,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { isoTimestamp } from '../columns.js';
import { enumCheck } from '../enum-checks.js';
import { users } from './users.js';

/**
 * A user's named views of one list (search, filters, sort, columns). Names are unique per user and
 * list; at most one view per user and list is the default.
 */
export const savedViews = pgTable(
  'saved_views',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listKey: varchar('list_key', { length: 64 }).notNull(),
    name: varchar('name', { length: 100 }).notNull(),
    state: jsonb('state').$type<SavedViewState>().notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: isoTimestamp('created_at').notNull().default(sql`now()`),
    updatedAt: isoTimestamp('updated_at').notNull().default(sql`now()`),
  },
  (t) => [
    uniqueIndex('saved_views_name_key').on(t.userId, t.listKey, t.name),
    uniqueIndex('saved_views_default_key').on(t.userId, t.listKey).where(sql`is_default`),
    index('saved_views_user_list_idx').on(t.userId, t.listKey, t.id),
    enumCheck('saved_views', 'list_key'),
  ],
);

/**
 * The page size each user last chose on one list (spec/1 General list behaviour: 10, 25 or 50), kept beside the
 * saved views so a list opens with it on any device; a list without a row opens with its screen-filling default.
 */
export const listPageSizes = pgTable(
  'list_page_sizes',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listKey: varchar('list_key', { length: 64 }).notNull(),
    pageSize: smallint('page_size').notNull(),
    updatedAt: isoTimestamp('updated_at').notNull().default(sql`now()`),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.listKey] }),
    enumCheck('list_page_sizes', 'list_key'),
    check('list_page_sizes_page_size_valid', sql`page_size in (10, 25, 50)`),
  ],
);
