import { createHash } from 'node:crypto';
import {
  addDaysIso,
  type CorrectedLine,
  type CorrectInvoiceRequest,
  type CorrectionLineChange,
  type CorrectionTotals,
  companyTodayIso,
  correctedLines,
  correctionTotals,
  type FieldError,
  type InvoiceDetails,
  type InvoiceLineState,
  toPln,
  V,
} from '@grain/shared';
import type { Db } from '../../db/client.js';
import { withWriteTransaction } from '../../db/locks.js';
import { companySettings } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import type { Ctx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import type { SalesInvoiceDocument, SalesInvoiceLine } from '../ksef/index.js';
import { type ChainLine, linesAsTheyStand } from './chain.js';
import { invoiceDetails } from './details.js';
import { buyerParty, FA3_RATES, nextInvoiceNumber, sellerCopy, sellerParty, validatedXml } from './issue-parts.js';
import * as q from './queries.js';

type Original = NonNullable<Awaited<ReturnType<typeof q.lockInvoiceForCorrection>>>;
type Settings = typeof companySettings.$inferSelect & { correctionSeries: string };

/** RULES.md Invoices, VAT and KSeF: ISSUED here, or ACCEPTED with its KSeF number; nothing in between. */
export const CORRECTABLE_STATUSES: ReadonlySet<string> = new Set(['ISSUED', 'ACCEPTED']);

/**
 * TypKorekty 2: the correction counts in the period it is issued in, the case of a price or quantity agreed after
 * the sale (the usual grain correction: a re-weighing, a quality claim settled later).
 */
const CORRECTION_EFFECT = 2;

/** The company settings a correction needs: its own series (INVOICE_SETTINGS_MISSING naming correction_series). */
async function correctionSettings(tx: Db): Promise<Settings> {
  const [settings] = await tx.select().from(companySettings);
  if (!settings?.correctionSeries) {
    throw new AppError('INVOICE_SETTINGS_MISSING', undefined, [{ field: 'correction_series', code: V.required }]);
  }
  return { ...settings, correctionSeries: settings.correctionSeries };
}

/** The invoice the correction refers to: a correction's own id stands for the invoice it corrects. */
async function lockedOriginal(tx: Db, id: number): Promise<Original> {
  const target = await q.correctedInvoiceIdOf(tx, id);
  if (!target) throw new AppError('INVOICE_NOT_FOUND');
  const original = await q.lockInvoiceForCorrection(tx, target.correctedInvoiceId ?? target.id);
  if (!original) throw new AppError('INVOICE_NOT_FOUND');
  if (!CORRECTABLE_STATUSES.has(original.status)) {
    throw new AppError('INVOICE_NOT_CORRECTABLE', undefined, [{ field: 'status', code: V.oneOf }]);
  }
  return original;
}

/**
 * The lines that change, refused as a VALIDATION_ERROR naming the field when a position is unknown or none changes,
 * or the correction is dated before the invoice. A sales and a VAT RR correction alike (rr-invoices/service/correct.ts).
 */
export function changedLines<Line extends InvoiceLineState>(
  current: Line[],
  input: { lines?: CorrectionLineChange[] | undefined; cancelAll?: boolean | undefined },
  original: { issueDate: string },
  issueDate: string,
): CorrectedLine<Line>[] {
  const positions = new Set(current.map((line) => line.position));
  const errors: FieldError[] = (input.lines ?? []).flatMap((line, index) =>
    positions.has(line.position) ? [] : [{ field: `lines.${index}.position`, code: V.chooseItem }],
  );
  if (issueDate < original.issueDate) errors.push({ field: 'issue_date', code: V.beforeInvoiceDate });
  if (errors.length) throw new AppError('VALIDATION_ERROR', undefined, errors);
  const changed = correctedLines(current, input.lines ?? [], input.cancelAll === true);
  if (!changed.length) {
    throw new AppError('VALIDATION_ERROR', 'The correction changes nothing', [{ field: 'lines', code: V.noChange }]);
  }
  return changed;
}

interface KorParts {
  original: Original;
  settings: Settings;
  buyer: NonNullable<Awaited<ReturnType<typeof q.buyerOf>>>;
  reason: string;
  changed: CorrectedLine<ChainLine>[];
  totals: CorrectionTotals;
  number: string;
  issueDate: string;
  dueDate: string;
}

function korLine(line: ChainLine, isStateBefore: boolean): SalesInvoiceLine {
  return {
    name: line.name,
    ...(line.cnCode ? { cn: line.cnCode } : {}),
    unit: 't',
    quantity: { kg: line.quantity },
    unitNetPriceMinor: line.unitNetPrice,
    netMinor: line.netValue,
    rate: FA3_RATES[line.vatRate]!,
    ...(isStateBefore ? { isStateBefore } : {}),
  };
}

/**
 * The KOR document (FA(3) RodzajFaktury KOR): the reason, the corrected invoice's number, date and KSeF number
 * (NrKSeFN when it has none), each changed line before (StanPrzed) and after, totals the difference. The buyer and
 * currency are the original's; the seller is the company as it is today, under the original's NIP.
 */
function korDocument(parts: KorParts): SalesInvoiceDocument {
  const { original, totals } = parts;
  const exchangeRate = original.exchangeRate;
  return {
    generatedAt: new Date(),
    systemInfo: 'Grain back office',
    seller: sellerParty({ ...parts.settings, nip: original.sellerNip }),
    buyer: buyerParty(parts.buyer, original.buyerNip, original.buyerName),
    currency: original.currency,
    ...(exchangeRate === null ? {} : { exchangeRate }),
    issueDate: parts.issueDate,
    number: parts.number,
    sale: original.saleDate
      ? { date: original.saleDate }
      : original.saleDateFrom
        ? { from: original.saleDateFrom, to: original.saleDateTo! }
        : undefined,
    totals: totals.byRate.map((total) => ({
      rate: FA3_RATES[total.vatRate]!,
      netMinor: total.netValue,
      vatMinor: total.vatValue,
      ...(exchangeRate === null ? {} : { vatPlnMinor: toPln(total.vatValue, exchangeRate) }),
    })),
    kind: {
      type: 'KOR',
      reason: parts.reason,
      effect: CORRECTION_EFFECT,
      corrected: [{ issueDate: original.issueDate, number: original.number, ksefNumber: original.ksefNumber }],
    },
    lines: parts.changed.flatMap((line) => [korLine(line.before, true), korLine(line.after, false)]),
    // What the buyer pays on top is due like an invoice; a decrease is the seller's to return.
    ...(totals.grossTotal > 0
      ? { payment: { dueDate: parts.dueDate, form: 'transfer', bankAccounts: [{ number: original.bankAccount }] } }
      : {}),
  };
}

/** Writes the correction row and its lines (each with the line as it stood before). */
async function insertCorrection(ctx: Ctx, tx: Db, parts: KorParts, xml: Buffer): Promise<number> {
  const { original, totals } = parts;
  const id = await q.insertInvoice(tx, {
    number: parts.number,
    kind: 'KOR',
    issueDate: parts.issueDate,
    saleDate: original.saleDate,
    saleDateFrom: original.saleDateFrom,
    saleDateTo: original.saleDateTo,
    dueDate: parts.dueDate,
    buyerId: original.buyerId,
    buyerName: original.buyerName,
    buyerNip: original.buyerNip,
    ...sellerCopy({ ...parts.settings, nip: original.sellerNip }),
    currency: original.currency,
    exchangeRate: original.exchangeRate,
    netTotal: totals.netTotal,
    vatTotal: totals.vatTotal,
    grossTotal: totals.grossTotal,
    bankAccount: original.bankAccount,
    xml,
    xmlSha256: createHash('sha256').update(xml).digest('hex'),
    correctedInvoiceId: original.id,
    correctionReason: parts.reason,
    createdBy: ctx.user.id,
  });
  await q.insertInvoiceLines(
    tx,
    parts.changed.map(({ before, after }) => ({
      invoiceId: id,
      position: after.position,
      transactionId: after.transactionId,
      name: after.name,
      cnCode: after.cnCode,
      quantityKg: after.quantity,
      unitNetPrice: after.unitNetPrice,
      netValue: after.netValue,
      ratePercent: after.vatRate,
      quantityKgBefore: before.quantity,
      unitNetPriceBefore: before.unitNetPrice,
      netValueBefore: before.netValue,
    })),
  );
  return id;
}

/**
 * POST /invoice/correct/{id}: a correction (KOR) of a sales invoice, in one transaction (RULES.md Invoices, VAT and
 * KSeF): the invoice locked (corrections of one invoice queue), its lines as they stand after earlier corrections
 * changed as asked, numbered from the corrections series without gaps, the FA(3) XML validated against the XSD before
 * anything is written and its exact bytes stored. A correction's id corrects its invoice's latest state. Any refusal
 * rolls everything back, the number included. The correction is sent to KSeF like any invoice (send-to-ksef).
 */
export async function correctInvoice(ctx: Ctx, id: number, input: CorrectInvoiceRequest): Promise<InvoiceDetails> {
  const issueDate = input.issueDate ?? companyTodayIso();
  const correctionId = await withWriteTransaction(ctx.db, async (tx) => {
    const original = await lockedOriginal(tx, id);
    const current = await linesAsTheyStand(tx, original.id, null);
    const changed = changedLines(current, input, original, issueDate);
    const settings = await correctionSettings(tx);
    const buyer = (await q.buyerOf(tx, original.buyerId))!;
    const totals = correctionTotals(current, changed);
    const number = await nextInvoiceNumber(tx, settings.correctionSeries, issueDate);
    const dueDate = addDaysIso(issueDate, settings.paymentTermDays);
    const parts: KorParts = {
      original,
      settings,
      buyer,
      reason: input.reason,
      changed,
      totals,
      number,
      issueDate,
      dueDate,
    };
    const xml = await validatedXml(korDocument(parts));
    const correction = await insertCorrection(ctx, tx, parts, xml);
    await audit(tx, ctx.user.id, 'invoice', correction, 'correct', { number, correctedInvoiceId: original.id });
    return correction;
  });
  return invoiceDetails(ctx, correctionId);
}
