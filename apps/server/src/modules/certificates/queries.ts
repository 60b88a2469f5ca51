import type { Certificate } from '@grain/shared';
import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { isAnyOf } from '../../db/rows-of-ids.js';
import { contractorCertificates, contractors, dailyJobRuns, users } from '../../db/schema/index.js';
import { selectPlanned } from '../../lib/speed/row-mapper.js';

const certificateColumns = {
  id: contractorCertificates.id,
  contractorId: contractorCertificates.contractorId,
  kind: contractorCertificates.kind,
  number: contractorCertificates.number,
  validFrom: contractorCertificates.validFrom,
  validTo: contractorCertificates.validTo,
  scope: contractorCertificates.scope,
};
export type CertificateRow = Awaited<ReturnType<typeof certificatesOf>>[number];

export function certificatesOf(db: Db, contractorIds: number[]) {
  if (contractorIds.length === 0) return Promise.resolve([]);
  return selectPlanned(
    db
      .select(certificateColumns)
      .from(contractorCertificates)
      .where(isAnyOf(contractorCertificates.contractorId, contractorIds))
      .orderBy(
        asc(contractorCertificates.contractorId),
        asc(contractorCertificates.validTo),
        asc(contractorCertificates.id),
      ),
  );
}

export async function replaceCertificates(db: Db, contractorId: number, certificates: Certificate[]) {
  await db.delete(contractorCertificates).where(eq(contractorCertificates.contractorId, contractorId));
  if (certificates.length === 0) return;
  await db.insert(contractorCertificates).values(certificates.map((c) => ({ ...c, contractorId })));
}

/** Certificates whose last day is between `from` and `to`, with their contractor. */
export function certificatesEndingBetween(db: Db, from: string, to: string) {
  return db
    .select({ ...certificateColumns, code: contractors.code, name: contractors.name })
    .from(contractorCertificates)
    .innerJoin(contractors, eq(contractors.id, contractorCertificates.contractorId))
    .where(and(gte(contractorCertificates.validTo, from), lte(contractorCertificates.validTo, to)))
    .orderBy(asc(contractorCertificates.validTo), asc(contractors.code), asc(contractorCertificates.id));
}

export async function certificateSubscribers(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.active, true), eq(users.isNotifyOnCertificates, true)))
    .orderBy(asc(users.id));
  return rows.map((row) => row.email);
}

/**
 * Claims today's run of a daily job: true for exactly one caller per day, however many processes ask at once
 * (the upsert's row lock decides).
 */
export async function claimDailyRun(db: Db, name: string, today: string): Promise<boolean> {
  const claimed = await db
    .insert(dailyJobRuns)
    .values({ name, lastRunOn: today })
    .onConflictDoUpdate({
      target: dailyJobRuns.name,
      set: { lastRunOn: today },
      setWhere: sql`${dailyJobRuns.lastRunOn} < ${today}`,
    })
    .returning({ name: dailyJobRuns.name });
  return claimed.length > 0;
}
