import { correctionTotals, type InvoiceLineState } from '@grain/shared';
import type { Db } from '../../db/client.js';
import * as q from './queries.js';

export type ChainLine = Awaited<ReturnType<typeof q.chainLines>>[number];

/**
 * The invoice's lines as they stand after its corrections issued before `beforeInvoiceId` (all of them when null):
 * per position the line of the newest such document (RULES.md Invoices, VAT and KSeF: a correction corrects the
 * latest state).
 */
export async function linesAsTheyStand(db: Db, originalId: number, beforeInvoiceId: number | null) {
  const latest = new Map<number, ChainLine>();
  for (const line of await q.chainLines(db, originalId)) {
    if (beforeInvoiceId !== null && line.invoiceId >= beforeInvoiceId) continue;
    latest.set(line.position, line);
  }
  return [...latest.values()].sort((a, b) => a.position - b.position);
}

/** A correction's differences per rate, as it stated them when issued (VAT on the whole invoice before and after). */
export async function correctionTotalsOf(db: Db, correction: { id: number; correctedInvoiceId: number }) {
  const current = await linesAsTheyStand(db, correction.correctedInvoiceId, correction.id);
  const byPosition = new Map<number, InvoiceLineState>(current.map((line) => [line.position, line]));
  const changed = (await q.linesOf(db, correction.id)).map((line) => ({
    before: byPosition.get(line.position)!,
    after: line,
  }));
  return correctionTotals(current, changed);
}
