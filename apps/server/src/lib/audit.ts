import { and, desc, eq, or, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../db/client.js';
import { auditLog, users } from '../db/schema/index.js';

/** RULES.md "Everything that changes data": one entry per change, written in the change's own transaction. */
export async function audit(
  db: Db,
  userId: number | null,
  entity: string,
  entityId: number,
  action: string,
  changes: Record<string, unknown> = {},
): Promise<void> {
  await db.insert(auditLog).values({ userId, entity, entityId, action, changes: redact(changes) });
}

/** audit for several entities of one kind at once (an import's rows): one insert, the same entries as one by one. */
export async function auditEach(
  db: Db,
  userId: number | null,
  entity: string,
  entries: readonly { entityId: number; action: string; changes?: Record<string, unknown> }[],
): Promise<void> {
  if (!entries.length) return;
  await db.insert(auditLog).values(
    entries.map((entry) => ({
      userId,
      entity,
      entityId: entry.entityId,
      action: entry.action,
      changes: redact(entry.changes ?? {}),
    })),
  );
}

const SECRET_KEYS = /password|token|secret|^resetCode$/i;

/** Secrets never enter the history, only the fact that they changed. */
function redact(changes: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) out[key] = SECRET_KEYS.test(key) ? '[changed]' : value;
  return out;
}

/** One field of an audit entry: what it was and what it became (null: not set). */
export interface FromTo {
  from: unknown;
  to: unknown;
}

/** Field-by-field difference of two records, for the audit entry of an update. */
export function diff(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, unknown> {
  const changes: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined) continue;
    if (JSON.stringify(before[key]) !== JSON.stringify(value)) changes[key] = { from: before[key] ?? null, to: value };
  }
  return changes;
}

/** Values a change sets where there were none (a delivery's unloading figures), as from → to fields. */
export function assigned(values: Record<string, unknown>): Record<string, FromTo> {
  const changes: Record<string, FromTo> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== null) changes[key] = { from: null, to: value };
  }
  return changes;
}

/** The values a deletion takes away, as from → to fields. */
export function removed(values: Record<string, unknown>): Record<string, FromTo> {
  const changes: Record<string, FromTo> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== null) changes[key] = { from: value, to: null };
  }
  return changes;
}

/**
 * Records whose history belongs to another's (a transport's statement rows): their audit entity, their table with
 * its id column and a kind column named on each entry, and which of its rows belong.
 */
export interface RelatedRecords {
  entity: string;
  table: PgTable;
  id: AnyPgColumn;
  kind: AnyPgColumn;
  where: SQL;
}

/**
 * RULES.md "Everything that changes data": a record's audit entries, and those of its related records, newest
 * first, with who made them: one statement however many entries there are. The related ids are read once
 * (`= any(array(...))`, an init plan), so both halves of the condition use the audit log's entity index.
 */
export async function historyOf(db: Db, entity: string, entityId: number, related?: RelatedRecords) {
  const own = and(eq(auditLog.entity, entity), eq(auditLog.entityId, entityId));
  let query = db
    .select({
      id: auditLog.id,
      entity: auditLog.entity,
      entityId: auditLog.entityId,
      entityKind: related ? sql<string | null>`${related.kind}` : sql<string | null>`null`,
      action: auditLog.action,
      changes: auditLog.changes,
      createdAt: auditLog.createdAt,
      userId: auditLog.userId,
      userFirstName: users.firstName,
      userLastName: users.lastName,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.userId))
    .$dynamic();
  if (related) {
    const isRelated = eq(auditLog.entity, related.entity);
    query = query
      .leftJoin(related.table, and(isRelated, eq(related.id, auditLog.entityId)))
      .where(
        or(
          own,
          and(
            isRelated,
            sql`${auditLog.entityId} = any(array(select ${related.id} from ${related.table} where ${related.where}))`,
          ),
        ),
      );
  } else {
    query = query.where(own);
  }
  const rows = await query.orderBy(desc(auditLog.id));
  return rows.map((row) => ({ ...row, changes: (row.changes ?? {}) as Record<string, unknown> }));
}
