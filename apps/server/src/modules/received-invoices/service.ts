import { createHash } from 'node:crypto';
import type {
  AssignReceivedInvoiceRequest,
  ReceivedInvoice,
  ReceivedInvoiceDetails,
  ReceivedInvoiceListRequest,
  ReceivedInvoiceNoteRequest,
  ReceivedInvoiceStatus,
} from '@grain/shared';
import type { Db } from '../../db/client.js';
import { shareLockContractors, withWriteTransaction } from '../../db/locks.js';
import { audit } from '../../lib/audit.js';
import type { Ctx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { renderPdf } from '../../lib/pdf/service.js';
import { lockRowsToInvoice } from '../invoices/service.js';
import { type ParsedReceivedInvoice, parseFa3InvoiceOffLoop } from '../ksef/index.js';
import { receivedInvoicePdf } from './pdf.js';
import * as q from './queries.js';
import { linePerTruckMatch, linePerTruckQuantities, matchInvoice, rowsCoverInvoice } from './rules.js';

const transactionIdsField = [{ field: 'transaction_ids', code: 'oneOf' }];

async function tryParse(xml: Uint8Array): Promise<{ parsed: ParsedReceivedInvoice | null; error: string | null }> {
  try {
    return { parsed: await parseFa3InvoiceOffLoop(xml), error: null };
  } catch (error) {
    return { parsed: null, error: (error instanceof Error ? error.message : String(error)).slice(0, 1000) };
  }
}

/** Lines that bill something: a correction's "state before" lines are not billed again. */
const billedLines = (parsed: ParsedReceivedInvoice) => parsed.lines.filter((line) => !line.isStateBefore);

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

function toResponse(
  row: q.ReceivedInvoiceListRow,
  contractorCode: string | null,
  linked: readonly q.StatementFigures[],
): ReceivedInvoice {
  return {
    id: row.id,
    ksefNumber: row.ksefNumber,
    number: row.number,
    issueDate: row.issueDate,
    sellerNip: row.sellerNip,
    sellerName: row.sellerName,
    contractorId: row.contractorId,
    contractorCode,
    currency: row.currency,
    netTotal: row.netTotal,
    vatTotal: row.vatTotal,
    grossTotal: row.grossTotal,
    status: row.status as ReceivedInvoiceStatus,
    correctedReceivedInvoiceId: row.correctedReceivedInvoiceId,
    note: row.note,
    parseError: row.parseError,
    rowsNetTotal: linked.reduce((sum, r) => sum + r.netMinor, 0),
    rowsQuantityKg: linked.reduce((sum, r) => sum + r.quantityKg, 0),
    invoiceQuantityKg: row.invoiceQuantityKg,
    transactionIds: linked.map((r) => r.id),
    suggestedTransactionIds: row.suggestedTransactionIds,
    createdAt: row.createdAt,
  };
}

/**
 * GET /received-invoice/list: newest first, by status ("Faktury otrzymane" tabs) and search; the page read by the
 * database, its linked rows in one query for the whole page.
 */
export async function listReceivedInvoices(ctx: Ctx, request: ReceivedInvoiceListRequest) {
  const { page, filtered } = await q.listReceivedInvoices(ctx.db, {
    statuses: request.filter?.status,
    search: request.search,
    offset: request.offset,
    limit: request.limit,
  });
  const links = await q.rowIdsOfInvoices(
    ctx.db,
    page.map((row) => row.invoice.id),
  );
  const rows = new Map((await q.rowsByIds(ctx.db, [...links.values()].flat())).map((row) => [row.id, row]));
  const list = page.map(({ invoice, contractorCode }) =>
    toResponse(
      invoice,
      contractorCode,
      (links.get(invoice.id) ?? []).flatMap((id) => rows.get(id) ?? []),
    ),
  );
  return { list, filtered, total: await q.countReceivedInvoices(ctx.db) };
}

/** GET /received-invoice/details/{id}: the invoice, its lines and the rows linked, suggested or open to assign. */
export async function receivedInvoiceDetails(ctx: Ctx, id: number): Promise<ReceivedInvoiceDetails> {
  const row = await q.receivedInvoiceById(ctx.db, id);
  if (!row) throw new AppError('RECEIVED_INVOICE_NOT_FOUND');
  const linkedIds = (await q.rowIdsOfInvoices(ctx.db, [id])).get(id) ?? [];
  const linked = await q.rowsByIds(ctx.db, linkedIds);
  const base = toResponse(row, await q.contractorCodeOf(ctx.db, row.contractorId), linked);
  const parsed = (await tryParse(row.xml)).parsed;
  const open =
    row.contractorId === null || row.status === 'HIDDEN'
      ? []
      : await q.openRowsOf(ctx.db, row.contractorId, row.currency);
  const suggested = new Set(row.suggestedTransactionIds);
  const rowOf = (r: q.StatementFigures, isLinked: boolean) => ({
    id: r.id,
    type: r.kind,
    contractorCode: r.contractorCode,
    registrationNumber: r.registrationNumber,
    dateUnloading: r.dateUnloading,
    quantityKg: r.quantityKg,
    netValue: r.netMinor,
    currency: r.currency,
    invoiceNumber: r.invoiceNumber,
    invoiceDate: r.invoiceDate,
    linked: isLinked,
    suggested: suggested.has(r.id),
  });
  const openRows = open
    .map((r) => rowOf(r, false))
    .sort((a, b) => Number(b.suggested) - Number(a.suggested) || a.id - b.id);
  const [correctedInvoice] = await q.receivedInvoiceRefs(
    ctx.db,
    row.correctedReceivedInvoiceId === null ? [] : [row.correctedReceivedInvoiceId],
  );
  return {
    ...base,
    buyerNip: row.buyerNip,
    correctedInvoice: correctedInvoice ?? null,
    corrections: await q.correctionsOf(ctx.db, id),
    lines: (parsed ? billedLines(parsed) : []).map((line) => ({
      lineNumber: line.lineNumber,
      name: line.name,
      unit: line.unit,
      quantity: line.quantity,
      quantityKg: line.quantityKg,
      unitNetPrice: line.unitNetPrice,
      netMinor: line.netMinor,
      rate: line.rate,
    })),
    rows: [...linked.map((r) => rowOf(r, true)), ...openRows],
  };
}

/**
 * POST /received-invoice/assign/{id}: a person links rows to the invoice (a click per row). The rows must be
 * PURCHASE or TRANSPORT rows of the invoice's seller, on no other received invoice; their invoice number and date are
 * filled only where none was typed. The invoice is MATCHED once its rows bill its net total (1 grosz a row).
 */
export async function assignReceivedInvoice(
  ctx: Ctx,
  id: number,
  input: AssignReceivedInvoiceRequest,
): Promise<ReceivedInvoiceDetails> {
  const ids = [...new Set(input.transactionIds)].sort((a, b) => a - b);
  await withWriteTransaction(ctx.db, async (tx) => {
    const locked = await lockRowsToInvoice(tx, ids);
    if (locked.length !== ids.length) throw new AppError('SETTLEMENT_NOT_FOUND', undefined, transactionIdsField);
    const invoice = await q.lockReceivedInvoice(tx, id);
    if (!invoice) throw new AppError('RECEIVED_INVOICE_NOT_FOUND');
    if (invoice.status === 'HIDDEN' || invoice.status === 'MATCHED') {
      throw new AppError('RECEIVED_INVOICE_WRONG_STATUS', undefined, [{ field: 'status', code: 'oneOf' }]);
    }
    const rows = await q.rowsByIds(tx, ids);
    const linked = await q.linkedRowIds(tx, ids);
    const contractorId = invoice.contractorId ?? rows[0]!.contractorId;
    const assignable = rows.every(
      (row) =>
        (row.kind === 'PURCHASE' || row.kind === 'TRANSPORT') &&
        row.contractorId === contractorId &&
        !linked.has(row.id),
    );
    if (!assignable) throw new AppError('RECEIVED_INVOICE_ROW_NOT_ASSIGNABLE', undefined, transactionIdsField);
    await q.linkRows(tx, id, rows, invoice.number, invoice.issueDate);
    const allIds = (await q.rowIdsOfInvoices(tx, [id])).get(id) ?? [];
    const all = await q.rowsByIds(tx, allIds);
    const covered =
      invoice.netTotal !== null &&
      rowsCoverInvoice(
        invoice.netTotal,
        all.map((row) => row.netMinor),
      );
    const status: ReceivedInvoiceStatus = covered
      ? 'MATCHED'
      : invoice.status === 'DIFFERENCE'
        ? 'DIFFERENCE'
        : 'TO_ASSIGN';
    await q.updateReceivedInvoice(tx, id, {
      status,
      contractorId,
      decidedBy: ctx.user.id,
      decidedAt: new Date().toISOString(),
    });
    await audit(tx, ctx.user.id, 'received_invoice', id, 'ASSIGN', { transactionIds: ids, status });
  });
  return receivedInvoiceDetails(ctx, id);
}

/**
 * POST /received-invoice/accept/{id}: a person accepts a difference with a note; the suggested rows (still open) are
 * linked when none were, and the invoice counts as MATCHED, its note kept beside both figures.
 */
export async function acceptReceivedInvoice(
  ctx: Ctx,
  id: number,
  input: ReceivedInvoiceNoteRequest,
): Promise<ReceivedInvoiceDetails> {
  await withWriteTransaction(ctx.db, async (tx) => {
    const peek = await q.receivedInvoiceById(tx, id);
    if (!peek) throw new AppError('RECEIVED_INVOICE_NOT_FOUND');
    const linkedIds = (await q.rowIdsOfInvoices(tx, [id])).get(id) ?? [];
    const toLink = linkedIds.length ? [] : peek.suggestedTransactionIds;
    if (toLink.length) await lockRowsToInvoice(tx, toLink);
    const invoice = await q.lockReceivedInvoice(tx, id);
    if (
      invoice?.status !== 'DIFFERENCE' ||
      invoice.suggestedTransactionIds.join() !== peek.suggestedTransactionIds.join()
    ) {
      throw new AppError('RECEIVED_INVOICE_WRONG_STATUS', undefined, [{ field: 'status', code: 'oneOf' }]);
    }
    const rows = await q.rowsByIds(tx, toLink);
    const linked = await q.linkedRowIds(tx, toLink);
    if (rows.some((row) => row.invoiceNumber !== null || linked.has(row.id))) {
      throw new AppError('RECEIVED_INVOICE_ROW_NOT_ASSIGNABLE', undefined, transactionIdsField);
    }
    await q.linkRows(tx, id, rows, invoice.number, invoice.issueDate);
    await q.updateReceivedInvoice(tx, id, {
      status: 'MATCHED',
      note: input.note,
      decidedBy: ctx.user.id,
      decidedAt: new Date().toISOString(),
    });
    await audit(tx, ctx.user.id, 'received_invoice', id, 'ACCEPT_DIFFERENCE', {
      note: input.note,
      transactionIds: toLink,
    });
  });
  return receivedInvoiceDetails(ctx, id);
}

/** POST /received-invoice/hide/{id}: "not ours", with the reason; an invoice with linked rows is not hidden. */
export async function hideReceivedInvoice(
  ctx: Ctx,
  id: number,
  input: ReceivedInvoiceNoteRequest,
): Promise<ReceivedInvoiceDetails> {
  await withWriteTransaction(ctx.db, async (tx) => {
    const invoice = await q.lockReceivedInvoice(tx, id);
    if (!invoice) throw new AppError('RECEIVED_INVOICE_NOT_FOUND');
    const linkedIds = (await q.rowIdsOfInvoices(tx, [id])).get(id) ?? [];
    if (invoice.status === 'HIDDEN' || invoice.status === 'MATCHED' || linkedIds.length) {
      throw new AppError('RECEIVED_INVOICE_WRONG_STATUS', undefined, [{ field: 'status', code: 'oneOf' }]);
    }
    await q.updateReceivedInvoice(tx, id, {
      status: 'HIDDEN',
      note: input.note,
      decidedBy: ctx.user.id,
      decidedAt: new Date().toISOString(),
    });
    await audit(tx, ctx.user.id, 'received_invoice', id, 'HIDE', { note: input.note });
  });
  return receivedInvoiceDetails(ctx, id);
}

export const receivedInvoiceFileName = (number: string | null, id: number) =>
  `faktura-otrzymana-${(number ?? String(id)).replace(/[^\p{L}\p{N}._-]+/gu, '-')}.pdf`;

/**
 * GET /received-invoice/pdf/{id}: the stored XML as KSeF's visualisation shows it, rendered off the event loop by
 * the PDF service (EXPORT_ERROR when that fails); an XML that could not be read answers RECEIVED_INVOICE_UNREADABLE.
 */
export async function receivedInvoicePdfFile(ctx: Ctx, id: number) {
  const row = await q.receivedInvoiceById(ctx.db, id);
  if (!row) throw new AppError('RECEIVED_INVOICE_NOT_FOUND');
  const { parsed } = await tryParse(row.xml);
  if (!parsed) throw new AppError('RECEIVED_INVOICE_UNREADABLE');
  const { bytes, renderMs, cpuMs } = await renderPdf(
    receivedInvoicePdf({ invoice: parsed, ksefNumber: row.ksefNumber }),
    ctx.log,
  );
  return { fileName: receivedInvoiceFileName(row.number, id), pdf: bytes, timing: { renderMs, cpuMs } };
}
