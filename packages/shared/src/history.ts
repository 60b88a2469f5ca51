import { z } from 'zod';

/**
 * One audit entry as a dashboard shows it (RULES.md "Everything that changes data": the dashboards of contracts and
 * transports show the audit trail as a history). `changes` holds `{ field: { from, to } }` for each changed field
 * (null: not set), child lists as `{ deleted, updated, added }`, and plain values for events (an order sent).
 * `entity` and `entityId` name the record the entry is about: the contract or transport itself or a record that
 * belongs to it (a transport's statement rows, whose kind is `entityKind`).
 */
export const HistoryEntrySchema = z.object({
  id: z.number(),
  entity: z.string(),
  entityId: z.number(),
  entityKind: z.string().nullable(),
  action: z.string(),
  changes: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
  userId: z.number().nullable(),
  userFirstName: z.string().nullable(),
  userLastName: z.string().nullable(),
});
export type HistoryEntry = z.infer<typeof HistoryEntrySchema>;
