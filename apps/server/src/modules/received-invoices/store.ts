import { createHash } from 'node:crypto';
import type { ReceivedInvoiceStatus } from '@grain/shared';
import type { Db } from '../../db/client.js';
import { shareLockContractors, withWriteTransaction } from '../../db/locks.js';
import { audit } from '../../lib/audit.js';
import { type ParsedReceivedInvoice, parseFa3InvoiceOffLoop } from '../ksef/index.js';
import * as q from './queries.js';
import { linePerTruckMatch, linePerTruckQuantities, matchInvoice } from './rules.js';

/**
 * Storing what the KSeF worker fetched (fetch.ts) and matching it to statement rows (RULES.md Invoices, VAT and
 * KSeF: a received invoice matched to statement rows); the screen's calls are in service.ts.
 */

export async function tryParse(
  xml: Uint8Array,
): Promise<{ parsed: ParsedReceivedInvoice | null; error: string | null }> {
  try {
    return { parsed: await parseFa3InvoiceOffLoop(xml), error: null };
  } catch (error) {
    return { parsed: null, error: (error instanceof Error ? error.message : String(error)).slice(0, 1000) };
  }
}

/** Lines that bill something: a correction's "state before" lines are not billed again. */
export const billedLines = (parsed: ParsedReceivedInvoice) => parsed.lines.filter((line) => !line.isStateBefore);

const netOf = (parsed: ParsedReceivedInvoice) => parsed.totals.reduce((sum, total) => sum + total.netMinor, 0);

/**
 * Stores one invoice fetched from KSeF, its bytes as received, and matches it (RULES.md Invoices, VAT and KSeF: a
 * received invoice matched to statement rows), all in one transaction. An invoice whose KSeF number is already here
 * is left as it is: answers null. The match is found and its rows locked before the invoice row is written, so the
 * row is inserted with its outcome (locks in the order of db/locks.ts: contractor, statement rows, received invoice).
 */
export async function storeReceivedInvoice(
  db: Db,
  input: { ksefNumber: string; xml: Uint8Array; permanentStorageDate?: string | null },
): Promise<q.ReceivedInvoiceDbRow | null> {
  const { parsed, error } = await tryParse(input.xml);
  return withWriteTransaction(db, async (tx) => {
    const seller = await q.lookupSeller(tx, input.ksefNumber, parsed?.seller.nip ?? null);
    if (seller.known) return null;
    const match =
      parsed && seller.contractorId !== null && parsed.kind === 'VAT'
        ? await matchOpenRows(tx, parsed, seller.contractorId)
        : null;
    const net = parsed ? netOf(parsed) : null;
    const stored = await q.insertReceivedInvoice(tx, {
      ksefNumber: input.ksefNumber,
      xml: Buffer.from(input.xml),
      xmlSha256: createHash('sha256').update(input.xml).digest('hex'),
      sellerNip: parsed?.seller.nip ?? null,
      sellerName: parsed?.seller.name.slice(0, 512) ?? null,
      buyerNip: parsed?.buyer.nip ?? null,
      number: parsed?.number.slice(0, 256) ?? null,
      issueDate: parsed?.issueDate ?? null,
      currency: parsed?.currency ?? null,
      netTotal: net,
      vatTotal: parsed && net !== null ? parsed.grossMinor - net : null,
      grossTotal: parsed?.grossMinor ?? null,
      invoiceQuantityKg: quantityOfLines(parsed),
      contractorId: seller.contractorId,
      status: match?.status ?? 'TO_ASSIGN',
      suggestedTransactionIds: match?.rowIds ?? [],
      parseError: error,
      permanentStorageDate: input.permanentStorageDate ?? null,
    });
    if (!stored || !parsed) return stored;
    if (parsed.kind.startsWith('KOR')) return linkCorrection(tx, stored, parsed);
    if (seller.waitingCorrections) await linkWaitingCorrections(tx, stored);
    if (!match) return stored;
    if (match.rows) await q.linkRows(tx, stored.id, match.rows, stored.number, stored.issueDate);
    await audit(tx, null, 'received_invoice', stored.id, 'MATCH', {
      status: match.status,
      transactionIds: match.rowIds,
    });
    return stored;
  });
}

/**
 * A received correction (KOR) is linked to the invoice it corrects when that one is here, and waits as a DIFFERENCE
 * for a person to accept with a note: its totals are the difference, shown beside the original's. It fills no
 * statement row: the rows keep the original's number, or what a person typed (RULES.md Invoices, VAT and KSeF).
 */
async function linkCorrection(
  tx: Db,
  stored: q.ReceivedInvoiceDbRow,
  parsed: ParsedReceivedInvoice,
): Promise<q.ReceivedInvoiceDbRow> {
  const original = await q.correctedReceivedInvoiceOf(tx, parsed.seller.nip, parsed.corrected);
  if (!original) {
    // Its original is not here yet: the names it gives are kept, and the original links it when it arrives.
    const correctedRefs = parsed.corrected.map(({ number, ksefNumber }) => ({ number, ksefNumber }));
    await q.updateReceivedInvoice(tx, stored.id, { correctedRefs });
    return { ...stored, correctedRefs };
  }
  return linkToOriginal(tx, stored, original.id);
}

async function linkToOriginal<T extends { id: number }>(tx: Db, correction: T, originalId: number) {
  const linked = { status: 'DIFFERENCE' as const, correctedReceivedInvoiceId: originalId };
  await q.updateReceivedInvoice(tx, correction.id, linked);
  await audit(tx, null, 'received_invoice', correction.id, 'LINK_CORRECTION', {
    correctedReceivedInvoiceId: originalId,
  });
  return { ...correction, ...linked };
}

/**
 * An original that arrives after its corrections (KSeF's export is by storage date, not issue order) links the
 * corrections of its seller already here that name it, by KSeF number or invoice number, unless a person hid them.
 */
async function linkWaitingCorrections(tx: Db, original: q.ReceivedInvoiceDbRow): Promise<void> {
  if (!original.sellerNip || !original.number) return;
  for (const correction of await q.waitingCorrectionsOf(tx, original.sellerNip)) {
    const names = (correction.correctedRefs ?? []).some(
      (ref) => ref.ksefNumber === original.ksefNumber || ref.number === original.number,
    );
    if (names && correction.status === 'TO_ASSIGN') await linkToOriginal(tx, correction, original.id);
  }
}

/**
 * Matches against the seller's open rows; a MATCHED outcome locks those rows (db/locks.ts: the contractor FOR SHARE,
 * then the statement rows) and keeps MATCHED only if they are all still open and the seller's, with the rows to
 * link; else the invoice is left to a person (TO_ASSIGN) with the rows as suggestions.
 */
async function matchOpenRows(
  tx: Db,
  parsed: ParsedReceivedInvoice,
  contractorId: number,
): Promise<{ status: ReceivedInvoiceStatus; rowIds: number[]; rows: q.StatementFigures[] | null }> {
  const lines = billedLines(parsed).map((line) => ({ netMinor: line.netMinor, quantityKg: line.quantityKg }));
  // Most invoices bill a truck a line: the open rows of the lines' quantities answer them without reading all of
  // the seller's open rows (rules.ts linePerTruckMatch: the rows the full match finds; past the full read's 500
  // oldest rows, a truck it would not have seen).
  const quantities = linePerTruckQuantities(lines);
  const outcome =
    (quantities && linePerTruckMatch(lines, await q.openRowsOf(tx, contractorId, parsed.currency, quantities))) ||
    matchInvoice(lines, await q.openRowsOf(tx, contractorId, parsed.currency));
  if (outcome.status !== 'MATCHED') return { ...outcome, rows: null };
  await shareLockContractors(tx, [contractorId]);
  const rows = await q.lockRowsWithLinks(tx, outcome.rowIds);
  const stillOpen =
    rows.length === outcome.rowIds.length &&
    rows.every((row) => row.contractorId === contractorId && row.invoiceNumber === null && !row.linked);
  return stillOpen ? { ...outcome, rows } : { status: 'TO_ASSIGN', rowIds: outcome.rowIds, rows: null };
}

function quantityOfLines(parsed: ParsedReceivedInvoice | null): number | null {
  if (!parsed) return null;
  const kgs = billedLines(parsed).map((line) => line.quantityKg);
  return kgs.some((kg) => kg === null) ? null : kgs.reduce<number>((sum, kg) => sum + (kg ?? 0), 0);
}
