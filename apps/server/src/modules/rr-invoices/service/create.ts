import { createHash } from 'node:crypto';
import {
  amountInPolishWords,
  type CompanyHeader,
  type CreateRrInvoiceRequest,
  companyTodayIso,
  effectiveQuantityKg,
  isValidNip,
  KG_PER_TONNE,
  type RrInvoice,
  rrLineRefunds,
  rrTotals,
  type TransactionRow,
  V,
} from '@grain/shared';
import type { Db } from '../../../db/client.js';
import { withWriteTransaction } from '../../../db/locks.js';
import { audit } from '../../../lib/audit.js';
import type { Ctx } from '../../../lib/context.js';
import { AppError } from '../../../lib/errors.js';
import { lockRowsToInvoice, markRowsInvoiced, nextInvoiceNumber } from '../../invoices/index.js';
import { buildFaRrXml, type RrInvoiceDocument, validateXml } from '../../ksef/index.js';
import { readCompanySettings } from '../../settings/service.js';
import { transactionRows } from '../../settlements/service/index.js';
import * as q from '../queries.js';
import { ksefStatusOnIssue, rrStatusOnIssue } from './ksef.js';
import { rrInvoiceDetails } from './read.js';

const transactionIdsField = [{ field: 'transaction_ids', code: V.wrongType }];

/**
 * The issue's VAT RR refusals: PURCHASE rows in PLN of one supplier, none invoiced yet (a typed purchase invoice
 * number counts too), and the supplier a flat-rate farmer (accounting method RR; a VAT supplier never gets one).
 */
function assertRrInvoiceable(rows: TransactionRow[], requested: number[], alreadyInvoiced: number[]) {
  if (rows.length !== requested.length) throw new AppError('SETTLEMENT_NOT_FOUND');
  if (rows.some((row) => row.type !== 'PURCHASE')) {
    throw new AppError('VALUE_IS_WRONG', 'Only PURCHASE rows get an RR invoice', transactionIdsField);
  }
  const first = rows[0]!;
  if (rows.some((row) => row.contractorId !== first.contractorId || row.currency !== 'PLN')) {
    throw new AppError('INVOICE_ROWS_NOT_COMPATIBLE', undefined, transactionIdsField);
  }
  if (alreadyInvoiced.length || rows.some((row) => row.invoiceNumber !== null)) {
    throw new AppError('INVOICE_ROW_ALREADY_INVOICED', undefined, transactionIdsField);
  }
}

/** The farmer with what an RR invoice needs, or one refusal naming every missing field. */
function assertFarmer(farmer: q.Farmer | null): q.Farmer & { bankAccount: string } {
  if (farmer?.accountingMethod !== 'RR') {
    throw new AppError('RR_INVOICE_SUPPLIER_NOT_RR', undefined, transactionIdsField);
  }
  const missing = [
    !farmer.nip && !farmer.pesel ? 'nip' : null,
    farmer.bankAccount ? null : 'bank_account',
    farmer.flatRateDeclarationDate ? null : 'flat_rate_declaration_date',
  ].filter((field) => field !== null);
  if (missing.length) {
    throw new AppError(
      'RR_INVOICE_FARMER_DATA_MISSING',
      undefined,
      missing.map((field) => ({ field, code: V.required })),
    );
  }
  return { ...farmer, bankAccount: farmer.bankAccount! };
}
type ReadyFarmer = q.Farmer & { bankAccount: string };

export function assertSeries(company: CompanyHeader): string {
  if (!company.configured || !company.rrInvoiceSeries) {
    throw new AppError('RR_INVOICE_SERIES_MISSING', undefined, [{ field: 'rr_invoice_series', code: V.required }]);
  }
  return company.rrInvoiceSeries;
}

type Row = Awaited<ReturnType<typeof transactionRows>>[number];

/** One line per purchase row: commodity, quality, tonnes, price per tonne without the refund, value, refund. */
async function rrLines(tx: Db, rows: Row[], refundPercent: number) {
  const qualityOf = (row: Row) => row.finalQualityId ?? row.realQualityId ?? row.plannedQualityId;
  const products = await q.productsOf(
    tx,
    rows.map(qualityOf).filter((id) => id !== null),
  );
  const refunds = rrLineRefunds(
    rows.map((row) => row.netValue),
    refundPercent,
  );
  return rows.map((row, index) => {
    const qualityId = qualityOf(row);
    const product = qualityId === null ? undefined : products.get(qualityId);
    const quantityKg =
      row.finalQuantity ??
      effectiveQuantityKg({ ...row, plannedQuantityKg: row.plannedQuantity, realQuantityKg: row.realQuantity });
    return {
      position: index + 1,
      transactionId: row.id,
      purchaseDate: row.dateUnloading,
      name: product?.name ?? '',
      cn: product?.cn ?? null,
      quality: product?.quality ?? row.finalQualityTitle ?? row.realQualityTitle ?? row.plannedQualityTitle ?? '—',
      unit: 't',
      quantityKg,
      unitPrice: Math.round((row.netValue * KG_PER_TONNE) / quantityKg),
      value: row.netValue,
      refund: refunds[index]!,
    };
  });
}
type Line = Awaited<ReturnType<typeof rrLines>>[number];

export const addressOf = (
  p: { street: string | null; postCode: string | null; city: string | null },
  fallback: string,
) => ({
  countryCode: 'PL',
  line1: p.street || p.city || fallback,
  line2: [p.postCode, p.city].filter(Boolean).join(' ') || undefined,
});

interface Issue {
  number: string;
  issueDate: string;
  farmer: ReadyFarmer & { nip: string };
  company: CompanyHeader;
  lines: Line[];
  totals: ReturnType<typeof rrTotals>;
  totalInWords: string;
}

/** The FA_RR document (modules/ksef builds its XML): Podmiot1 the farmer, Podmiot2 us, paid by transfer. */
function faRrDocument(issue: Issue): RrInvoiceDocument {
  const { farmer, company, lines } = issue;
  const dates = [...new Set(lines.map((line) => line.purchaseDate))];
  const oneDate = dates.length === 1 ? dates[0] : null;
  return {
    generatedAt: new Date(),
    systemInfo: 'Grain back office',
    farmer: {
      nip: farmer.nip,
      name: farmer.name ?? farmer.code,
      address: addressOf(
        { ...farmer, street: [farmer.street, farmer.buildingNumber].filter(Boolean).join(' ') },
        farmer.code,
      ),
    },
    buyer: { nip: company.nip, name: company.name, address: addressOf(company, company.city) },
    ...(oneDate ? { purchaseDate: oneDate } : {}),
    issueDate: issue.issueDate,
    number: issue.number,
    valueMinor: issue.totals.netMinor,
    refundMinor: issue.totals.refundMinor,
    totalInWords: issue.totalInWords,
    kind: { type: 'VAT_RR' },
    lines: lines.map((line) => ({
      ...(oneDate || !line.purchaseDate ? {} : { purchaseDate: line.purchaseDate }),
      name: line.name,
      ...(line.cn ? { cn: line.cn } : {}),
      unit: line.unit,
      quantity: { kg: line.quantityKg },
      quality: line.quality,
      unitPriceMinor: line.unitPrice,
      valueMinor: line.value,
      // The dated refund setting allows 7 % only (rr_refund_rates check), FA_RR's P_9 value for it.
      refundRate: '7',
      refundMinor: line.refund,
    })),
    payment: { farmerAccounts: [{ number: farmer.bankAccount }] },
  };
}

/** The FA_RR bytes validated against the official XSD, or null for a farmer without NIP (paper only). */
async function validatedXml(issue: Omit<Issue, 'farmer'> & { farmer: ReadyFarmer }): Promise<Buffer | null> {
  const nip = issue.farmer.nip;
  if (!nip || !isValidNip(nip)) return null;
  const xml = Buffer.from(buildFaRrXml(faRrDocument({ ...issue, farmer: { ...issue.farmer, nip } })));
  const validation = await validateXml(xml, 'FA_RR');
  if (!validation.valid) {
    throw new AppError(
      'INVOICE_XML_INVALID',
      undefined,
      validation.errors.map((error) => ({ field: error.path ?? error.element ?? 'xml', code: V.wrongType })),
    );
  }
  return xml;
}

/**
 * POST /rr-invoice/create: one VAT RR invoice from a farmer's purchase rows, in one transaction (RULES.md Invoices,
 * VAT and KSeF, VAT RR): rows locked and checked, the refund rate valid on the issue date, a number from the RR
 * series without gaps, the FA_RR XML validated before anything is written, the rows given the number and date.
 */
export async function createRrInvoice(ctx: Ctx, input: CreateRrInvoiceRequest): Promise<RrInvoice> {
  const ids = [...new Set(input.transactionIds)].sort((a, b) => a - b);
  const issueDate = input.issueDate ?? companyTodayIso();
  const onIssue = await ksefStatusOnIssue(ctx);
  const id = await withWriteTransaction(ctx.db, async (tx) => {
    // The farmer FOR SHARE before the rows, as sales issuing: the new row references him (db/locks.ts).
    await lockRowsToInvoice(tx, ids);
    const rows = await transactionRows(tx, ids);
    assertRrInvoiceable(rows, ids, await q.rrInvoicedTransactionIds(tx, ids));
    const farmer = assertFarmer(await q.farmerOf(tx, rows[0]!.contractorId));
    const company = await readCompanySettings(tx);
    const series = assertSeries(company);
    const refundPercent = await q.refundRateOn(tx, issueDate);
    if (refundPercent === null) throw new AppError('RR_REFUND_RATE_MISSING');
    const lines = await rrLines(tx, rows, refundPercent);
    const totals = rrTotals(
      lines.map((line) => line.value),
      refundPercent,
    );
    const totalInWords = amountInPolishWords(totals.totalMinor);
    const number = await nextInvoiceNumber(tx, series, issueDate);
    const xml = await validatedXml({ number, issueDate, farmer, company, lines, totals, totalInWords });
    const dates = lines
      .map((line) => line.purchaseDate)
      .filter((date): date is string => date !== null)
      .sort();
    const invoiceId = await q.insertRrInvoice(tx, {
      number,
      issueDate,
      purchaseDateFrom: dates[0] ?? null,
      purchaseDateTo: dates.at(-1) ?? null,
      farmerId: farmer.id,
      farmerName: farmer.name ?? farmer.code,
      farmerNip: farmer.nip,
      farmerPesel: farmer.pesel,
      farmerAccount: farmer.bankAccount,
      buyerNip: company.nip,
      refundRatePercent: refundPercent,
      netTotal: totals.netMinor,
      refundTotal: totals.refundMinor,
      grossTotal: totals.totalMinor,
      totalInWords,
      xml,
      xmlSha256: xml ? createHash('sha256').update(xml).digest('hex') : null,
      createdBy: ctx.user.id,
      ...rrStatusOnIssue(onIssue, farmer.isKsefRrDesignated, xml !== null),
    });
    await q.insertRrInvoiceLines(
      tx,
      lines.map(({ cn: _cn, ...line }) => ({ ...line, rrInvoiceId: invoiceId })),
    );
    await markRowsInvoiced(tx, ids, number, issueDate);
    await audit(tx, ctx.user.id, 'rr_invoice', invoiceId, 'create', { number, transactionIds: ids });
    return invoiceId;
  });
  return rrInvoiceDetails(ctx, id);
}
