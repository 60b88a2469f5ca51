import { createHash } from 'node:crypto';
import {
  type CreateInvoiceRequest,
  effectiveQuantityKg,
  formatInvoiceNumber,
  type Invoice,
  type InvoiceDetails,
  type InvoiceListRequest,
  type InvoiceSortKey,
  invoicePeriodKey,
  isValidNip,
  KG_PER_TONNE,
  type TransactionRow,
  todayIso,
  toPln,
  V,
  vatTotalsByRate,
} from '@grain/shared';
import { and, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { withWriteTransaction } from '../../db/locks.js';
import { companySettings, invoices } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import type { Ctx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { type SortSpec, smallTableListPage } from '../../lib/list.js';
import { renderPdf } from '../../lib/pdf/service.js';
import {
  buildFa3Xml,
  type Fa3VatRate,
  invoiceVerificationLinkOfHash,
  type KsefEnvironment,
  type SalesInvoiceDocument,
  type SalesInvoiceLine,
  validateXml,
} from '../ksef/index.js';
import { readCompanySettings } from '../settings/service.js';
import { transactionRows } from '../settlements/service/index.js';
import { invoicePdf } from './pdf.js';
import * as q from './queries.js';

const FA3_RATES: Record<number, Fa3VatRate> = { 23: '23', 8: '8', 5: '5' };

function addDays(isoDate: string, days: number): string {
  const date = new Date(`${isoDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

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
  exchangeRate: number | null;
  issueDate: string;
  dueDate: string;
  number: string;
  sale: ReturnType<typeof saleDatesOf>;
}

/** The FA(3) document of the invoice (modules/ksef builds its XML). */
function fa3Document(parts: DocumentParts): SalesInvoiceDocument {
  const { settings, buyer, rows, lines, totals, exchangeRate, sale } = parts;
  return {
    generatedAt: new Date(),
    systemInfo: 'Grain back office',
    seller: {
      nip: settings.nip,
      name: settings.name,
      address: {
        countryCode: 'PL',
        line1: settings.street ?? settings.city,
        line2: [settings.postCode, settings.city].filter(Boolean).join(' '),
      },
    },
    buyer: {
      identifier: { type: 'nip', nip: buyer.nip },
      name: buyer.name ?? buyer.code,
      address: {
        countryCode: buyer.countryCode,
        line1: [buyer.street, buyer.buildingNumber].filter(Boolean).join(' ') || (buyer.city ?? buyer.code),
        line2: [buyer.postCode, buyer.city].filter(Boolean).join(' ') || undefined,
      },
    },
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

/** The document's XML, refused when it fails the official XSD (RULES.md Invoices, VAT and KSeF); the refusal names the field. */
async function validatedXml(document: SalesInvoiceDocument): Promise<Buffer> {
  const xml = Buffer.from(buildFa3Xml(document));
  const validation = await validateXml(xml, 'FA');
  if (!validation.valid) {
    throw new AppError(
      'INVOICE_XML_INVALID',
      undefined,
      validation.errors.map((error) => ({ field: error.path ?? error.element ?? 'xml', code: V.wrongType })),
    );
  }
  return xml;
}

/** The buyer of the rows with a valid NIP (FA(3) needs one), or INVOICE_BUYER_ID_MISSING. */
async function invoiceBuyer(tx: Db, contractorId: number): Promise<Buyer> {
  const buyer = await q.buyerOf(tx, contractorId);
  if (!buyer?.nip || !isValidNip(buyer.nip)) {
    throw new AppError('INVOICE_BUYER_ID_MISSING', undefined, [{ field: 'nip', code: V.nipChecksum }]);
  }
  return { ...buyer, nip: buyer.nip };
}

/** The next number of a series (sales, RR) in the issuing transaction: no gaps (RULES.md Invoices, VAT and KSeF). */
export async function nextInvoiceNumber(tx: Db, series: string, issueDate: string): Promise<string> {
  const counter = await q.nextInvoiceCounter(tx, invoicePeriodKey(series, issueDate));
  return formatInvoiceNumber(series, issueDate, counter);
}

/** The rows take the number and date of the invoice issued for them. */
export const markRowsInvoiced = q.markTransactionsInvoiced;

export async function createInvoice(ctx: Ctx, input: CreateInvoiceRequest): Promise<InvoiceDetails> {
  const ids = [...new Set(input.transactionIds)].sort((a, b) => a - b);
  const issueDate = input.issueDate ?? todayIso();
  const id = await withWriteTransaction(ctx.db, async (tx) => {
    await q.lockTransactions(tx, ids);
    const rows = await transactionRows(tx, ids);
    assertInvoiceable(rows, ids, await q.invoicedTransactionIds(tx, ids));
    const settings = await invoiceSettings(tx);
    const first = rows[0]!;
    const buyer = await invoiceBuyer(tx, first.contractorId);
    const exchangeRate = first.currency === 'PLN' ? null : first.exchangeRate;
    if (first.currency !== 'PLN' && exchangeRate === null) {
      throw new AppError('VALUE_IS_MISSING', 'The exchange rate is not known', [
        { field: 'exchange_rate', code: V.required },
      ]);
    }
    const lines = await invoiceLines(tx, rows);
    const totals = vatTotalsByRate(
      lines.map((line) => ({ rate: line.ratePercent, netMinor: line.netValue })),
      (rate) => rate,
    );
    const netTotal = totals.reduce((sum, total) => sum + total.netMinor, 0);
    const vatTotal = totals.reduce((sum, total) => sum + total.vatMinor, 0);
    const number = await nextInvoiceNumber(tx, settings.invoiceSeries, issueDate);
    const sale = saleDatesOf(rows, input.saleDate);
    const dueDate = addDays(issueDate, settings.paymentTermDays);
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
      sellerNip: settings.nip,
      currency: first.currency,
      exchangeRate,
      netTotal,
      vatTotal,
      grossTotal: netTotal + vatTotal,
      bankAccount: settings.bankAccount,
      xml,
      xmlSha256: createHash('sha256').update(xml).digest('hex'),
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

/** GET /invoice/details/{id}: the invoice as issued, its lines and its totals per rate. */
export async function invoiceDetails(ctx: Ctx, id: number): Promise<InvoiceDetails> {
  const invoice = await q.getInvoice(ctx.db, id);
  if (!invoice) throw new AppError('INVOICE_NOT_FOUND');
  const lines = await q.linesOf(ctx.db, id);
  const totalsByRate = vatTotalsByRate(
    lines.map((line) => ({ rate: line.vatRate, netMinor: line.netValue })),
    (rate) => rate,
  ).map((total) => ({ vatRate: total.rate, netValue: total.netMinor, vatValue: total.vatMinor }));
  return { ...invoice, lines, totalsByRate };
}

/**
 * POST /invoice/send-to-ksef/{id}: queues the invoice for the KSeF sender (ksef-sender.ts), due now. An ISSUED
 * invoice, or a REJECTED one sent again; one already queued, sent or accepted is not sent twice (RULES.md Invoices,
 * VAT and KSeF). Needs KSEF_URL and KSEF_TOKEN, or it would wait for a sender that never comes.
 */
export async function sendToKsef(ctx: Ctx, id: number): Promise<InvoiceDetails> {
  if (!ctx.config.ksefUrl || !ctx.config.ksefToken) throw new AppError('KSEF_NOT_CONFIGURED');
  await withWriteTransaction(ctx.db, async (tx) => {
    const [row] = await tx.select({ status: invoices.status }).from(invoices).where(eq(invoices.id, id)).for('update');
    if (!row) throw new AppError('INVOICE_NOT_FOUND');
    if (row.status !== 'ISSUED' && row.status !== 'REJECTED') throw new AppError('INVOICE_ALREADY_SENT_TO_KSEF');
    await tx
      .update(invoices)
      .set({ status: 'QUEUED', ksefNextAttemptAt: sql`now()`, ksefAttempts: 0, ksefError: null })
      .where(eq(invoices.id, id));
    await audit(tx, ctx.user.id, 'invoice', id, 'send-to-ksef', { from: row.status });
  });
  return invoiceDetails(ctx, id);
}

/** GET /invoice/xml/{id}: the stored bytes, never rebuilt (RULES.md Invoices, VAT and KSeF). */
export async function invoiceXmlBytes(ctx: Ctx, id: number): Promise<Buffer> {
  const xml = await q.invoiceXml(ctx.db, id);
  if (!xml) throw new AppError('INVOICE_NOT_FOUND');
  return xml;
}

/**
 * The KSeF environment whose QR host the printed link points at (KSeF docs `kody-qr.md`, `srodowiska.md`).
 * Production until company settings hold the environment (spec: company settings, KSeF), so a printed invoice
 * always verifies where real invoices live.
 */
const QR_ENVIRONMENT: KsefEnvironment = 'prod';

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
  const company = await readCompanySettings(ctx.db);
  const buyer = await q.buyerOf(ctx.db, invoice.buyerId);
  const verificationLink = invoiceVerificationLinkOfHash(QR_ENVIRONMENT, {
    sellerNip: hash.sellerNip,
    issueDate: invoice.issueDate,
    sha256Base64Url: Buffer.from(hash.xmlSha256, 'hex').toString('base64url'),
  });
  const document = invoicePdf({
    invoice,
    seller: { ...company, nip: hash.sellerNip },
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

const INVOICE_SORT: SortSpec<InvoiceSortKey> = {
  keys: { id: invoices.id, number: invoices.number, issue_date: invoices.issueDate, buyer_name: invoices.buyerName },
  defaultKey: 'id',
  defaultDirection: 'desc',
  tiebreaker: invoices.id,
};

/** GET|POST /invoice/list: search by number, KSeF number or buyer; filter by status. */
export function listInvoices(ctx: Ctx, request: InvoiceListRequest) {
  const term = request.search?.trim();
  const pattern = term ? `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : null;
  const where = and(
    pattern
      ? or(
          ilike(invoices.number, pattern),
          ilike(invoices.ksefNumber, pattern),
          ilike(invoices.buyerName, pattern),
          ilike(invoices.buyerNip, pattern),
        )
      : undefined,
    request.filter?.status?.length ? inArray(invoices.status, request.filter.status) : undefined,
  );
  return smallTableListPage<Invoice>(ctx.db, request, INVOICE_SORT, {
    table: invoices,
    columns: q.invoiceColumns,
    where,
  });
}
