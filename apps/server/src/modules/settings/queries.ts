import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { companySettings } from '../../db/schema/index.js';

export type CompanySettingsRow = typeof companySettings.$inferSelect;
export type CompanySettingsValues = Omit<CompanySettingsRow, 'id' | 'updatedAt'>;

export async function getCompanySettingsRow(db: Db): Promise<CompanySettingsRow | null> {
  const [row] = await db.select().from(companySettings).where(eq(companySettings.id, 1));
  return row ?? null;
}

/** Locks the one row (when it exists) so two saves audit their real differences. */
export async function lockCompanySettingsRow(db: Db): Promise<CompanySettingsRow | null> {
  const [row] = await db.select().from(companySettings).where(eq(companySettings.id, 1)).for('update');
  return row ?? null;
}

export async function upsertCompanySettings(db: Db, values: CompanySettingsValues): Promise<CompanySettingsRow> {
  const [row] = await db
    .insert(companySettings)
    .values({ id: 1, ...values })
    .onConflictDoUpdate({ target: companySettings.id, set: { ...values, updatedAt: new Date().toISOString() } })
    .returning();
  return row!;
}
