import { normalizePolishAccount } from './iban.js';
import { vatOfNet } from './vat.js';

/**
 * VAT RR, purchases from flat-rate farmers (RULES.md Invoices, VAT and KSeF): the buyer pays the farmer a refund of
 * 7 % of the net value (a dated setting) with the price, and deducts it in the month in which it paid into the
 * farmer's bank account with the RR invoice's number and date in the transfer title; cash is not deductible.
 */

/** The refund on a net value, rounded half up to the grosz exactly as VAT is (one rounding, `vatOfNet`). */
export function rrRefundOfNet(netMinor: number, refundPercent: number): number {
  return vatOfNet(netMinor, refundPercent);
}

export interface RrTotals {
  netMinor: number;
  refundMinor: number;
  totalMinor: number;
}

/** The invoice's totals: the refund once on the sum of the lines' values (as VAT is summed per rate first). */
export function rrTotals(lineValuesMinor: readonly number[], refundPercent: number): RrTotals {
  const netMinor = lineValuesMinor.reduce((sum, value) => sum + value, 0);
  const refundMinor = rrRefundOfNet(netMinor, refundPercent);
  return { netMinor, refundMinor, totalMinor: netMinor + refundMinor };
}

/**
 * The refund per line (FA_RR P_10) adding up to the invoice's refund (P_11_2, rounded once on the sum): each line
 * rounded on its own, the difference of that rounding given to the line of the largest value.
 */
export function rrLineRefunds(lineValuesMinor: readonly number[], refundPercent: number): number[] {
  const refunds = lineValuesMinor.map((value) => rrRefundOfNet(value, refundPercent));
  if (!refunds.length) return refunds;
  const { refundMinor } = rrTotals(lineValuesMinor, refundPercent);
  const largest = lineValuesMinor.indexOf(Math.max(...lineValuesMinor));
  refunds[largest]! += refundMinor - refunds.reduce((sum, refund) => sum + refund, 0);
  return refunds;
}

export const RR_PAYMENT_METHODS = ['TRANSFER', 'CASH'] as const;
export type RrPaymentMethod = (typeof RR_PAYMENT_METHODS)[number];

export interface RrPayment {
  /** YYYY-MM-DD */
  paidAt: string;
  amountMinor: number;
  method: RrPaymentMethod;
  account: string | null;
  title: string | null;
}

export interface RrInvoiceForPayment {
  number: string;
  /** YYYY-MM-DD */
  issueDate: string;
  totalMinor: number;
  farmerAccount: string;
}

export const RR_PAYMENT_STATUSES = ['UNPAID', 'PARTIAL', 'CASH', 'NOT_QUALIFYING', 'DEDUCTIBLE'] as const;
export type RrPaymentStatus = (typeof RR_PAYMENT_STATUSES)[number];

export interface RrDeduction {
  status: RrPaymentStatus;
  paidMinor: number;
  /** YYYY-MM: the period in which the refund is deducted; null unless DEDUCTIBLE. */
  deductibleMonth: string | null;
}

/** The title names the invoice: its number and its issue date (as 2026-03-09 or 09.03.2026). */
export function titleNamesRrInvoice(title: string | null, number: string, issueDate: string): boolean {
  if (title === null) return false;
  const compact = title.replace(/\s+/g, ' ').toUpperCase();
  const [year, month, day] = issueDate.split('-');
  const hasDate = compact.includes(issueDate) || compact.includes(`${day}.${month}.${year}`);
  return compact.includes(number.toUpperCase()) && hasDate;
}

/** A payment that gives the right to deduct: a transfer to the farmer's own account naming the invoice. */
export function isQualifyingRrPayment(payment: RrPayment, invoice: RrInvoiceForPayment): boolean {
  if (payment.method !== 'TRANSFER' || payment.account === null) return false;
  const account = normalizePolishAccount(payment.account);
  return (
    account !== null &&
    account === normalizePolishAccount(invoice.farmerAccount) &&
    titleNamesRrInvoice(payment.title, invoice.number, invoice.issueDate)
  );
}

/**
 * Where an RR invoice stands. Paid in part: nothing is deducted yet. Paid in full: deductible in the month of the
 * payment that completed it when every payment qualified, because the right to deduct follows the payment of the
 * amount due (refund included); any part in cash makes it CASH, any other transfer NOT_QUALIFYING — neither is
 * deductible.
 */
export function rrDeduction(invoice: RrInvoiceForPayment, payments: readonly RrPayment[]): RrDeduction {
  const ordered = [...payments].sort((a, b) => a.paidAt.localeCompare(b.paidAt));
  let paidMinor = 0;
  let completedAt: string | null = null;
  for (const payment of ordered) {
    paidMinor += payment.amountMinor;
    if (completedAt === null && paidMinor >= invoice.totalMinor) completedAt = payment.paidAt;
  }
  if (paidMinor <= 0) return { status: 'UNPAID', paidMinor: 0, deductibleMonth: null };
  if (completedAt === null) return { status: 'PARTIAL', paidMinor, deductibleMonth: null };
  if (ordered.some((payment) => payment.method === 'CASH')) return { status: 'CASH', paidMinor, deductibleMonth: null };
  if (!ordered.every((payment) => isQualifyingRrPayment(payment, invoice))) {
    return { status: 'NOT_QUALIFYING', paidMinor, deductibleMonth: null };
  }
  return { status: 'DEDUCTIBLE', paidMinor, deductibleMonth: completedAt.slice(0, 7) };
}

/**
 * A VAT RR correction (RULES.md Invoices, VAT and KSeF; FA_RR KOR_VAT_RR): its totals are the invoice after minus
 * before, each side's refund rounded once on its sum (`rrTotals`); each changed line's refund after is rounded on its
 * own, and the difference of that rounding goes to the changed line of the largest value, so the lines' differences
 * (after minus before, FA_RR P_10 with StanPrzed) add up to the correction's refund (P_11_2).
 */
export function rrCorrectionRefunds(
  current: readonly { position: number; value: number; refund: number }[],
  changed: readonly { position: number; valueAfter: number }[],
  refundPercent: number,
): { refundsAfter: Map<number, number>; totals: RrTotals } {
  const afterOf = new Map(changed.map((line) => [line.position, line.valueAfter]));
  const before = rrTotals(
    current.map((line) => line.value),
    refundPercent,
  );
  const after = rrTotals(
    current.map((line) => afterOf.get(line.position) ?? line.value),
    refundPercent,
  );
  const refundsAfter = new Map(changed.map((line) => [line.position, rrRefundOfNet(line.valueAfter, refundPercent)]));
  const refundDifference = after.refundMinor - before.refundMinor;
  const changedBefore = current.filter((line) => afterOf.has(line.position));
  const linesDifference = changedBefore.reduce((sum, line) => sum + refundsAfter.get(line.position)! - line.refund, 0);
  if (changed.length) {
    const largest = changed.reduce((top, line) => (line.valueAfter > top.valueAfter ? line : top), changed[0]!);
    refundsAfter.set(largest.position, refundsAfter.get(largest.position)! + refundDifference - linesDifference);
  }
  const netMinor = after.netMinor - before.netMinor;
  return { refundsAfter, totals: { netMinor, refundMinor: refundDifference, totalMinor: netMinor + refundDifference } };
}
