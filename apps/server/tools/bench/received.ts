import { and, eq, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { contractors, transactions } from '../../src/db/schema/index.js';
import { openRowsOf, type StatementFigures } from '../../src/modules/received-invoices/queries.js';
import { storeReceivedInvoice } from '../../src/modules/received-invoices/store.js';
import { supplierInvoiceXml } from '../../test/fixtures/received-invoices.js';
import { round, type Timing, timingOf } from './stats.js';

/**
 * Matching received invoices (RULES.md Invoices, VAT and KSeF; issue target: 5 000 against the demo's open rows in
 * ≤ 30 s): an FA (3) invoice per open PURCHASE or TRANSPORT row of a seller with a NIP (cycled when the demo has
 * fewer open rows, so later invoices find their row taken and take the slow path: the several-trucks search and the
 * near pairing), each stored and matched as the KSeF worker does it (parse, seller, open rows, link), one after
 * another. Runs in a transaction rolled back at the end: the bench database is left as it was.
 */
export interface ReceivedBenchResult {
  invoices: number;
  openRows: number;
  sellers: number;
  totalSeconds: number;
  perInvoiceMs: Timing;
  statuses: Record<string, number>;
  target: string;
}

class Rollback extends Error {}

async function openRowsOfSellers(db: Db, wanted: number) {
  const sellers = await db
    .selectDistinct({ id: contractors.id, nip: contractors.nip })
    .from(contractors)
    .innerJoin(transactions, eq(transactions.contractorId, contractors.id))
    .where(and(isNotNull(contractors.nip), sql`${transactions.kind} in ('PURCHASE', 'TRANSPORT')`))
    .orderBy(contractors.id);
  const rows: { nip: string; row: StatementFigures }[] = [];
  let used = 0;
  for (const seller of sellers) {
    if (rows.length >= wanted) break;
    const open = (await openRowsOf(db, seller.id, 'PLN')).filter((row) => row.quantityKg > 0 && row.netMinor > 0);
    if (open.length) used += 1;
    for (const row of open) rows.push({ nip: seller.nip!, row });
  }
  return { rows: rows.slice(0, wanted), sellers: used };
}

export async function measureReceivedMatching(db: Db, count = 5_000): Promise<ReceivedBenchResult> {
  let result: ReceivedBenchResult | null = null;
  try {
    await db.transaction(async (tx) => {
      const { rows, sellers } = await openRowsOfSellers(tx as unknown as Db, count);
      if (!rows.length) throw new Error('the received-invoice bench needs open rows of sellers with a NIP');
      const xmls = Array.from({ length: count }, (_, i) => {
        const { nip, row } = rows[i % rows.length]!;
        return {
          ksefNumber: `${nip}-20260310-BENCH${String(i).padStart(7, '0')}-00`,
          xml: supplierInvoiceXml(nip, `BENCH/${i}`, [
            { kg: row.quantityKg, net: row.netMinor, unitPrice: Math.round((row.netMinor * 1000) / row.quantityKg) },
          ]),
        };
      });
      const times: number[] = [];
      const statuses: Record<string, number> = {};
      const started = performance.now();
      for (const invoice of xmls) {
        const one = performance.now();
        const stored = await storeReceivedInvoice(tx as unknown as Db, invoice);
        times.push(performance.now() - one);
        const status = stored?.status ?? 'SKIPPED';
        statuses[status] = (statuses[status] ?? 0) + 1;
      }
      const totalSeconds = round((performance.now() - started) / 1000);
      result = {
        invoices: count,
        openRows: rows.length,
        sellers,
        totalSeconds,
        perInvoiceMs: timingOf(times),
        statuses,
        target: `≤ 30 s: ${totalSeconds <= 30 ? 'met' : 'MISSED'}`,
      };
      throw new Rollback();
    });
  } catch (error) {
    if (!(error instanceof Rollback)) throw error;
  }
  return result!;
}
