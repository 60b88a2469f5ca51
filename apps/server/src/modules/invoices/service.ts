import { createHash } from 'node:crypto';
import {
  addDaysIso,
  type CreateInvoiceRequest,
  companyTodayIso,
  effectiveQuantityKg,
  type Invoice,
  type InvoiceDetails,
  type InvoiceListRequest,
  invoiceTaxPoint,
  isValidNip,
  KG_PER_TONNE,
  type TransactionRow,
  toPln,
  V,
  vatTotalsByRate,
} from '@grain/shared';
import type { Db } from '../../db/client.js';
import { withWriteTransaction } from '../../db/locks.js';
import { companySettings, invoices } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import type { Ctx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { smallTableListPage } from '../../lib/list.js';
import { renderPdf } from '../../lib/pdf/service.js';
import { exchangeRateNote, type InvoiceExchangeRate, invoiceExchangeRate } from '../exchange-rates/index.js';
import { invoiceVerificationLinkOfHash, type SalesInvoiceDocument, type SalesInvoiceLine } from '../ksef/index.js';
import { qrEnvironment } from '../settings/service.js';
import { transactionRows } from '../settlements/service/index.js';
import { invoiceDetails } from './details.js';
import { buyerParty, FA3_RATES, nextInvoiceNumber, sellerCopy, sellerParty, validatedXml } from './issue-parts.js';
import { queueForKsef, statusOnIssue } from './ksef-queue.js';
import { invoicePdf } from './pdf.js';
import * as q from './queries.js';

export { correctInvoice } from './correct.js';
export { invoiceDetails } from './details.js';
/** The next number of a series (sales, corrections, RR) in the issuing transaction, without gaps. */
export { nextInvoiceNumber } from './issue-parts.js';

const field = (name: string) => [{ field: name, code: V.wrongType }];

/** RULES.md Invoices, VAT and KSeF: rows of one buyer in one currency, SALES rows not invoiced yet. */
function assertInvoiceable(rows: TransactionRow[], requested: number[], alreadyInvoiced: number[]) {
  if (rows.length !== requested.length) throw new AppError('SETTLEMENT_NOT_FOUND');
  if (rows.some((row) => row.type !== 'SALES')) {
    throw new AppError('VALUE_IS_WRONG', 'Only SALES rows are invoiced', field('transaction_ids'));
  }
  const first = rows[0]!;
  if (rows.some((row) => row.contractorId !== first.contractorId || row.currency !== first.currency)) {
    throw new AppError('INVOICE_ROWS_NOT_COMPATIBLE', undefined, field('transaction_ids'));
  }
  if (alreadyInvoiced.length || rows.some((row) => row.invoiceNumber !== null)) {
    throw new AppError('INVOICE_ROW_ALREADY_INVOICED', undefined, field('transaction_ids'));
  }
  const withoutRate = rows.find((row) => row.vatRate === null || !FA3_RATES[row.vatRate]);
  if (withoutRate) throw new AppError('VAT_RATE_MISSING', undefined, field('transaction_ids'));
}

function saleDatesOf(rows: TransactionRow[], requested: string | undefined) {
  if (requested) return { saleDate: requested, saleDateFrom: null, saleDateTo: null };
  const dates = [
    ...new Set(rows.map((row) => row.dateUnloading).filter((date): date is string => date !== null)),
  ].sort();
  if (dates.length <= 1) return { saleDate: dates[0] ?? null, saleDateFrom: null, saleDateTo: null };
  return { saleDate: null, saleDateFrom: dates[0]!, saleDateTo: dates.at(-1)! };
}

/**
 * POST /invoice/create: one sales invoice from statement rows, in one transaction (RULES.md Invoices, VAT and KSeF):
 * rows locked, checked, numbered from the series without gaps, the FA(3) XML built and validated against the XSD
 * before anything is written, its exact bytes stored, the rows given the invoice's number and date. Any refusal
 * rolls everything back, the number included.
 */
/** The company settings an invoice needs (series and account), or a refusal naming the missing one. */
async function invoiceSettings(tx: Db) {
  const [settings] = await tx.select().from(companySettings);
  if (!settings?.invoiceSeries || !settings.bankAccount) {
    throw new AppError('INVOICE_SETTINGS_MISSING', undefined, [
      { field: settings?.invoiceSeries ? 'bank_account' : 'invoice_series', code: V.required },
    ]);
  }
  return { ...settings, invoiceSeries: settings.invoiceSeries, bankAccount: settings.bankAccount };
}

type InvoiceRow = Awaited<ReturnType<typeof transactionRows>>[number];
type Settings = Awaited<ReturnType<typeof invoiceSettings>>;
type Buyer = NonNullable<Awaited<ReturnType<typeof q.buyerOf>>> & { nip: string };

/** One invoice line per settled row: its quality's name and CN code, tonnes, net price per tonne, net and rate. */
async function invoiceLines(tx: Db, rows: InvoiceRow[]) {
  const qualityOf = (row: InvoiceRow) => row.finalQualityId ?? row.realQualityId ?? row.plannedQualityId;
  const cnCodes = await q.cnCodesOf(
    tx,
    rows.map(qualityOf).filter((v) => v !== null),
  );
  return rows.map((row, index) => {
    const qualityId = qualityOf(row);
    const quantityKg =
      row.finalQuantity ??
      effectiveQuantityKg({ ...row, plannedQuantityKg: row.plannedQuantity, realQuantityKg: row.realQuantity });
    return {
      position: index + 1,
      transactionId: row.id,
      name: row.finalQualityTitle ?? row.realQualityTitle ?? row.plannedQualityTitle ?? '',
      cnCode: qualityId === null ? null : (cnCodes.get(qualityId) ?? null),
      quantityKg,
      // The net price per tonne after the quality lines: the row's net over its tonnes.
      unitNetPrice: Math.round((row.netValue * KG_PER_TONNE) / quantityKg),
      netValue: row.netValue,
      ratePercent: row.vatRate!,
    };
  });
}
type InvoiceLine = Awaited<ReturnType<typeof invoiceLines>>[number];

interface DocumentParts {
  settings: Settings;
  buyer: Buyer;
  rows: InvoiceRow[];
  lines: InvoiceLine[];
  totals: ReturnType<typeof vatTotalsByRate<number>>;
  exchangeRate: InvoiceExchangeRate | null;
  issueDate: string;
  dueDate: string;
  number: string;
  sale: ReturnType<typeof saleDatesOf>;
}

/** The FA(3) document of the invoice (modules/ksef builds its XML). */
function fa3Document(parts: DocumentParts): SalesInvoiceDocument {
  const { settings, buyer, rows, lines, totals, sale } = parts;
  const exchangeRate = parts.exchangeRate?.rate ?? null;
  return {
    generatedAt: new Date(),
    systemInfo: 'Grain back office',
    seller: sellerParty(settings),
    buyer: buyerParty(buyer, buyer.nip, buyer.name ?? buyer.code),
    currency: rows[0]!.currency,
    ...(exchangeRate === null ? {} : { exchangeRate }),
    issueDate: parts.issueDate,
    number: parts.number,
    sale: sale.saleDate
      ? { date: sale.saleDate }
      : sale.saleDateFrom
        ? { from: sale.saleDateFrom, to: sale.saleDateTo! }
        : undefined,
    totals: totals.map((total) => ({
      rate: FA3_RATES[total.rate]!,
      netMinor: total.netMinor,
      vatMinor: total.vatMinor,
      ...(exchangeRate === null ? {} : { vatPlnMinor: toPln(total.vatMinor, exchangeRate) }),
    })),
    kind: { type: 'VAT' },
    ...(parts.exchangeRate ? { notes: [exchangeRateNote(rows[0]!.currency, parts.exchangeRate)] } : {}),
    lines: lines.map(
      (line): SalesInvoiceLine => ({
        name: line.name,
        ...(line.cnCode ? { cn: line.cnCode } : {}),
        unit: 't',
        quantity: { kg: line.quantityKg },
        unitNetPriceMinor: line.unitNetPrice,
        netMinor: line.netValue,
        rate: FA3_RATES[line.ratePercent]!,
      }),
    ),
    payment: { dueDate: parts.dueDate, form: 'transfer', bankAccounts: [{ number: settings.bankAccount }] },
    transaction: {
      contracts: [...new Set(rows.map((row) => row.salesAgreementDocumentNumber).filter((n) => n !== null))].map(
        (contractNumber) => ({ number: contractNumber }),
      ),
    },
  };
}

/** The buyer of the rows with a valid NIP (FA(3) needs one), or INVOICE_BUYER_ID_MISSING. */
async function invoiceBuyer(tx: Db, contractorId: number): Promise<Buyer> {
  const buyer = await q.buyerOf(tx, contractorId);
  if (!buyer?.nip || !isValidNip(buyer.nip)) {
    throw new AppError('INVOICE_BUYER_ID_MISSING', undefined, [{ field: 'nip', code: V.nipChecksum }]);
  }
  return { ...buyer, nip: buyer.nip };
}

/** The statement rows to invoice, locked in the global order: their buyer FOR SHARE first, then the rows (db/locks.ts). */
export const lockRowsToInvoice = q.lockTransactions;

/** The rows take the number and date of the invoice issued for them. */
export const markRowsInvoiced = q.markTransactionsInvoiced;

export async function createInvoice(ctx: Ctx, input: CreateInvoiceRequest): Promise<InvoiceDetails> {
  const ids = [...new Set(input.transactionIds)].sort((a, b) => a - b);
  const issueDate = input.issueDate ?? companyTodayIso();
  const ksefStatus = await statusOnIssue(ctx);
  const id = await withWriteTransaction(ctx.db, async (tx) => {
    await q.lockTransactions(tx, ids);
    const rows = await transactionRows(tx, ids);
    assertInvoiceable(rows, ids, await q.invoicedTransactionIds(tx, ids));
    const company = await invoiceSettings(tx);
    const first = rows[0]!;
    const buyer = await invoiceBuyer(tx, first.contractorId);
    // RULES.md Invoices, VAT and KSeF: the buyer's own payment term and bank account win over the company's.
    const settings: Settings = {
      ...company,
      paymentTermDays: buyer.invoicePaymentTermDays ?? company.paymentTermDays,
      bankAccount: buyer.invoiceBankAccount ?? company.bankAccount,
    };
    const sale = saleDatesOf(rows, input.saleDate);
    // RULES.md Invoices, VAT and KSeF: the NBP mid rate of the last business day before the tax point.
    const exchangeRate =
      first.currency === 'PLN' ? null : await invoiceExchangeRate(tx, first.currency, invoiceTaxPoint(sale, issueDate));
    const lines = await invoiceLines(tx, rows);
    const totals = vatTotalsByRate(
      lines.map((line) => ({ rate: line.ratePercent, netMinor: line.netValue })),
      (rate) => rate,
    );
    const netTotal = totals.reduce((sum, total) => sum + total.netMinor, 0);
    const vatTotal = totals.reduce((sum, total) => sum + total.vatMinor, 0);
    const number = await nextInvoiceNumber(tx, settings.invoiceSeries, issueDate);
    const dueDate = addDaysIso(issueDate, settings.paymentTermDays);
    const xml = await validatedXml(
      fa3Document({ settings, buyer, rows, lines, totals, exchangeRate, issueDate, dueDate, number, sale }),
    );
    const invoiceId = await q.insertInvoice(tx, {
      number,
      issueDate,
      ...sale,
      dueDate,
      buyerId: buyer.id,
      buyerName: buyer.name ?? buyer.code,
      buyerNip: buyer.nip,
      ...sellerCopy(settings),
      currency: first.currency,
      exchangeRate: exchangeRate?.rate ?? null,
      exchangeRateDate: exchangeRate?.effectiveDate ?? null,
      exchangeRateTable: exchangeRate?.tableNumber ?? null,
      netTotal,
      vatTotal,
      grossTotal: netTotal + vatTotal,
      bankAccount: settings.bankAccount,
      xml,
      xmlSha256: createHash('sha256').update(xml).digest('hex'),
      ...ksefStatus,
      createdBy: ctx.user.id,
    });
    await q.insertInvoiceLines(
      tx,
      lines.map((line) => ({ ...line, invoiceId })),
    );
    await q.markTransactionsInvoiced(tx, ids, number, issueDate);
    await audit(tx, ctx.user.id, 'invoice', invoiceId, 'create', { number, transactionIds: ids });
    return invoiceId;
  });
  return invoiceDetails(ctx, id);
}

/** POST /invoice/send-to-ksef/{id}: queued for the KSeF sender (ksef-queue.ts), answered as it stands. */
export async function sendToKsef(ctx: Ctx, id: number): Promise<InvoiceDetails> {
  await queueForKsef(ctx, id);
  return invoiceDetails(ctx, id);
}

/** GET /invoice/xml/{id}: the stored bytes, never rebuilt (RULES.md Invoices, VAT and KSeF). */
export async function invoiceXmlBytes(ctx: Ctx, id: number): Promise<Buffer> {
  const xml = await q.invoiceXml(ctx.db, id);
  if (!xml) throw new AppError('INVOICE_NOT_FOUND');
  return xml;
}

const address = (...parts: (string | null | undefined)[]) => parts.filter((part) => part?.trim()).join(', ');

export const invoiceFileName = (number: string) => `faktura-${number.replaceAll('/', '-')}.pdf`;

/**
 * GET /invoice/pdf/{id}: the invoice as a PDF with its KOD I, rendered off the event loop by the PDF service
 * (EXPORT_ERROR when that fails). The link hashes the stored XML bytes, never a rebuilt document (RULES.md
 * Invoices, VAT and KSeF).
 */
export async function invoicePdfFile(ctx: Ctx, id: number) {
  const invoice = await invoiceDetails(ctx, id);
  const hash = (await q.invoiceHashOf(ctx.db, id))!;
  const buyer = await q.buyerOf(ctx.db, invoice.buyerId);
  // The QR host of the configured KSeF environment (KSeF docs `kody-qr.md`; settings/ksef-settings.ts).
  const verificationLink = invoiceVerificationLinkOfHash(await qrEnvironment(ctx.db, ctx.config), {
    sellerNip: hash.sellerNip,
    issueDate: invoice.issueDate,
    sha256Base64Url: Buffer.from(hash.xmlSha256, 'hex').toString('base64url'),
  });
  const document = invoicePdf({
    invoice,
    buyerAddress: buyer
      ? address(
          [buyer.street, buyer.buildingNumber].filter(Boolean).join(' '),
          [buyer.postCode, buyer.city].filter(Boolean).join(' '),
          buyer.countryCode === 'PL' ? null : buyer.countryCode,
        )
      : '',
    verificationLink,
  });
  const { bytes, renderMs, cpuMs } = await renderPdf(document, ctx.log);
  return { fileName: invoiceFileName(invoice.number), pdf: bytes, timing: { renderMs, cpuMs } };
}

/** GET|POST /invoice/list: search by number, KSeF number, buyer or NIP; filter by status (queries.ts). */
export function listInvoices(ctx: Ctx, request: InvoiceListRequest) {
  return smallTableListPage<Invoice>(ctx.db, request, q.INVOICE_SORT, {
    table: invoices,
    columns: q.invoiceColumns,
    where: q.invoiceListWhere(request),
  });
}
