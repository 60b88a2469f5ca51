import type { Db } from '../db/client.js';
import { auditLog } from '../db/schema.js';

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

const SECRET_KEYS = /password|token|secret|^resetCode$/i;

/** Secrets never enter the history, only the fact that they changed. */
function redact(changes: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(changes)) out[key] = SECRET_KEYS.test(key) ? '[changed]' : value;
  return out;
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
