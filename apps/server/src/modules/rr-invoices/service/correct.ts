import { createHash } from 'node:crypto';
import {
  type CompanyHeader,
  type CorrectedLine,
  companyTodayIso,
  isValidNip,
  type RrCorrectionRequest,
  type RrInvoice,
  rrCorrectionRefunds,
  signedAmountInPolishWords,
  V,
} from '@grain/shared';
import type { Db } from '../../../db/client.js';
import { withWriteTransaction } from '../../../db/locks.js';
import { audit } from '../../../lib/audit.js';
import type { Ctx } from '../../../lib/context.js';
import { AppError } from '../../../lib/errors.js';
import { CORRECTABLE_STATUSES, changedLines, nextInvoiceNumber } from '../../invoices/index.js';
import { buildFaRrXml, type RrInvoiceDocument, type RrInvoiceLine, validateXml } from '../../ksef/index.js';
import { readCompanySettings } from '../../settings/service.js';
import * as q from '../queries.js';
import { addressOf } from './create.js';
import { ksefStatusOnIssue, rrStatusOnIssue } from './ksef.js';
import { rrInvoiceDetails } from './read.js';

type Original = NonNullable<Awaited<ReturnType<typeof q.lockRrInvoiceForCorrection>>>;
type Line = q.RrLineAsItStands & { unitNetPrice: number; netValue: number; vatRate: number };

/**
 * TypKorekty 2, as a sales correction (invoices/correct.ts): the correction counts in the period it is issued in
 * (a re-weighing, a quality claim settled after the purchase).
 */
const CORRECTION_EFFECT = 2;

/** The RR invoice a correction refers to: a correction's own id stands for the invoice it corrects. */
async function lockedOriginal(tx: Db, id: number): Promise<Original> {
  const target = await q.correctedRrInvoiceIdOf(tx, id);
  if (!target) throw new AppError('RR_INVOICE_NOT_FOUND');
  const original = await q.lockRrInvoiceForCorrection(tx, target.correctedRrInvoiceId ?? target.id);
  if (!original) throw new AppError('RR_INVOICE_NOT_FOUND');
  // RULES.md Invoices, VAT and KSeF: ISSUED here, or ACCEPTED with its KSeF number; nothing in between.
  if (!CORRECTABLE_STATUSES.has(original.status)) {
    throw new AppError('INVOICE_NOT_CORRECTABLE', undefined, [{ field: 'status', code: V.oneOf }]);
  }
  return original;
}

function assertCorrectionSeries(company: CompanyHeader): string {
  if (!company.configured || !company.rrCorrectionSeries) {
    throw new AppError('RR_INVOICE_SERIES_MISSING', undefined, [{ field: 'rr_correction_series', code: V.required }]);
  }
  return company.rrCorrectionSeries;
}

interface KorParts {
  original: Original;
  farmer: q.Farmer;
  company: CompanyHeader;
  reason: string;
  changed: (CorrectedLine<Line> & { refundAfter: number })[];
  totals: { netMinor: number; refundMinor: number; totalMinor: number };
  totalInWords: string;
  number: string;
  issueDate: string;
}

function korLine(line: Line, refund: number, isStateBefore: boolean): RrInvoiceLine {
  return {
    ...(line.purchaseDate ? { purchaseDate: line.purchaseDate } : {}),
    name: line.name,
    unit: line.unit,
    quantity: { kg: line.quantity },
    quality: line.quality,
    unitPriceMinor: line.unitNetPrice,
    valueMinor: line.netValue,
    // The dated refund setting allows 7 % only (rr_refund_rates check), FA_RR's P_9 value for it.
    refundRate: '7',
    refundMinor: refund,
    ...(isStateBefore ? { isStateBefore } : {}),
  };
}

/**
 * The KOR_VAT_RR document: the reason, the corrected RR invoice's number, date and KSeF number (NrKSeFN when it has
 * none), each changed line before (StanPrzed) and after, the totals and the words the difference (FA_RR P_11_1,
 * P_12_1, P_12_2 "kwota różnicy"). The farmer as on the original, we under the original's NIP.
 */
function korDocument(parts: KorParts, farmerNip: string): RrInvoiceDocument {
  const { original, farmer, company } = parts;
  return {
    generatedAt: new Date(),
    systemInfo: 'Grain back office',
    farmer: {
      nip: farmerNip,
      name: original.farmerName,
      address: addressOf(
        { ...farmer, street: [farmer.street, farmer.buildingNumber].filter(Boolean).join(' ') },
        farmer.code,
      ),
    },
    buyer: { nip: original.buyerNip, name: company.name, address: addressOf(company, company.city) },
    issueDate: parts.issueDate,
    number: parts.number,
    valueMinor: parts.totals.netMinor,
    refundMinor: parts.totals.refundMinor,
    totalInWords: parts.totalInWords,
    kind: {
      type: 'KOR_VAT_RR',
      reason: parts.reason,
      effect: CORRECTION_EFFECT,
      corrected: [{ issueDate: original.issueDate, number: original.number, ksefNumber: original.ksefNumber }],
    },
    lines: parts.changed.flatMap((line) => [
      korLine(line.before, line.before.refund, true),
      korLine(line.after, line.refundAfter, false),
    ]),
    payment: { farmerAccounts: [{ number: original.farmerAccount }] },
  };
}

/** The FA_RR KOR bytes validated against the official XSD, or null when the original has no FA_RR (paper only). */
async function validatedKorXml(parts: KorParts): Promise<Buffer | null> {
  const nip = parts.original.farmerNip;
  if (!parts.original.hasXml || !nip || !isValidNip(nip)) return null;
  const xml = Buffer.from(buildFaRrXml(korDocument(parts, nip)));
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
 * POST /rr-invoice/correct/{id}: "Faktura VAT RR KOREKTA", in one transaction, the sales correction's way
 * (invoices/correct.ts; RULES.md Invoices, VAT and KSeF): the RR invoice locked (its corrections queue), its lines as
 * they stand after earlier corrections changed as asked, the refund recomputed with the shared rule on the whole
 * invoice before and after, numbered from the RR corrections series without gaps, the FA_RR KOR XML validated before
 * anything is written. The issued invoice is never edited; any refusal rolls everything back, the number included.
 * It goes to KSeF as the invoice it corrects would: by itself for a farmer who designated us, else when asked.
 */
export async function correctRrInvoice(ctx: Ctx, id: number, input: RrCorrectionRequest): Promise<RrInvoice> {
  const issueDate = input.issueDate ?? companyTodayIso();
  const onIssue = await ksefStatusOnIssue(ctx);
  const correctionId = await withWriteTransaction(ctx.db, async (tx) => {
    const original = await lockedOriginal(tx, id);
    const current: Line[] = (await q.rrLinesAsTheyStand(tx, original.id)).map((line) => ({
      ...line,
      unitNetPrice: line.unitPrice,
      netValue: line.value,
      vatRate: 0,
    }));
    const changes = (input.lines ?? []).map((line) => ({
      position: line.position,
      quantity: line.quantity,
      unitNetPrice: line.unitPrice,
    }));
    const changed = changedLines(current, { lines: changes, cancelAll: input.cancelAll }, original, issueDate);
    const company = await readCompanySettings(tx);
    const series = assertCorrectionSeries(company);
    const { refundsAfter, totals } = rrCorrectionRefunds(
      current.map((line) => ({ position: line.position, value: line.netValue, refund: line.refund })),
      changed.map((line) => ({ position: line.after.position, valueAfter: line.after.netValue })),
      original.refundRatePercent,
    );
    const number = await nextInvoiceNumber(tx, series, issueDate);
    const farmer = (await q.farmerOf(tx, original.farmerId))!;
    const parts: KorParts = {
      original,
      farmer,
      company,
      reason: input.reason,
      changed: changed.map((line) => ({ ...line, refundAfter: refundsAfter.get(line.after.position)! })),
      totals,
      totalInWords: signedAmountInPolishWords(totals.totalMinor),
      number,
      issueDate,
    };
    const xml = await validatedKorXml(parts);
    const correction = await q.insertRrInvoice(tx, {
      number,
      kind: 'KOR_VAT_RR',
      correctedRrInvoiceId: original.id,
      correctionReason: input.reason,
      issueDate,
      purchaseDateFrom: original.purchaseDateFrom,
      purchaseDateTo: original.purchaseDateTo,
      farmerId: original.farmerId,
      farmerName: original.farmerName,
      farmerNip: original.farmerNip,
      farmerPesel: original.farmerPesel,
      farmerAccount: original.farmerAccount,
      buyerNip: original.buyerNip,
      refundRatePercent: original.refundRatePercent,
      netTotal: totals.netMinor,
      refundTotal: totals.refundMinor,
      grossTotal: totals.totalMinor,
      totalInWords: parts.totalInWords,
      xml,
      xmlSha256: xml ? createHash('sha256').update(xml).digest('hex') : null,
      createdBy: ctx.user.id,
      ...rrStatusOnIssue(onIssue, farmer.isKsefRrDesignated, xml !== null),
    });
    await q.insertRrInvoiceLines(
      tx,
      parts.changed.map(({ before, after, refundAfter }) => ({
        rrInvoiceId: correction,
        position: after.position,
        transactionId: after.transactionId,
        purchaseDate: after.purchaseDate,
        name: after.name,
        quality: after.quality,
        unit: after.unit,
        quantityKg: after.quantity,
        unitPrice: after.unitNetPrice,
        value: after.netValue,
        refund: refundAfter,
        quantityKgBefore: before.quantity,
        unitPriceBefore: before.unitNetPrice,
        valueBefore: before.netValue,
        refundBefore: before.refund,
      })),
    );
    await audit(tx, ctx.user.id, 'rr_invoice', correction, 'correct', { number, correctedRrInvoiceId: original.id });
    return correction;
  });
  return rrInvoiceDetails(ctx, correctionId);
}
