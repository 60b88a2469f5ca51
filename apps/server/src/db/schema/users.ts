import { USER_ROLES } from '@grain/shared';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { timestamps } from '../columns.js';
import { enumCheck } from '../enum-checks.js';

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 255 }).notNull(),
    firstName: varchar('first_name', { length: 255 }).notNull(),
    lastName: varchar('last_name', { length: 255 }).notNull(),
    role: varchar('role', { length: 16, enum: USER_ROLES }).notNull().default('USER'),
    active: boolean('active').notNull().default(true),
    passwordHash: text('password_hash').notNull(),
    passwordExpired: boolean('password_expired').notNull().default(true),
    isNotifyOnPurchase: boolean('is_notify_on_purchase').notNull().default(false),
    isNotifyOnSales: boolean('is_notify_on_sales').notNull().default(false),
    /** The daily list of certificates expiring within 30 days. */
    isNotifyOnCertificates: boolean('is_notify_on_certificates').notNull().default(false),
    ...timestamps,
  },
  (t) => [
    uniqueIndex('users_email_key').on(t.email),
    index('users_first_name_idx').on(t.firstName, t.id),
    index('users_last_name_idx').on(t.lastName, t.id),
    index('users_role_idx').on(t.role, t.id),
    enumCheck('users', 'role'),
  ],
);

/** Refresh tokens are random; only their SHA-256 is stored. A family is one login's chain of rotations. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    familyId: varchar('family_id', { length: 36 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    revokedAt: timestamp('revoked_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('refresh_tokens_hash_key').on(t.tokenHash),
    index('refresh_tokens_family_idx').on(t.familyId),
    index('refresh_tokens_user_idx').on(t.userId),
  ],
);

export const passwordResets = pgTable(
  'password_resets',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    codeHash: varchar('code_hash', { length: 64 }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [index('password_resets_user_idx').on(t.userId, t.createdAt)],
);
