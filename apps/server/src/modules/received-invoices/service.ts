import type {
  AssignReceivedInvoiceRequest,
  ReceivedInvoice,
  ReceivedInvoiceDetails,
  ReceivedInvoiceListRequest,
  ReceivedInvoiceNoteRequest,
  ReceivedInvoiceStatus,
} from '@grain/shared';
import { withWriteTransaction } from '../../db/locks.js';
import { audit } from '../../lib/audit.js';
import type { Ctx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { renderPdf } from '../../lib/pdf/service.js';
import { lockRowsToInvoice } from '../invoices/service.js';
import { receivedInvoicePdf } from './pdf.js';
import * as q from './queries.js';
import { rowsCoverInvoice } from './rules.js';
import { billedLines, tryParse } from './store.js';

const transactionIdsField = [{ field: 'transaction_ids', code: 'oneOf' }];

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
