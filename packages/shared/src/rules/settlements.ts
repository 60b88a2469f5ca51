import type { Currency, TransactionKind } from '../enums.js';
import type { MessageCode } from '../message-codes.js';
import { KG_PER_TONNE, RATE_SCALE } from '../units.js';

/** Pure settlement rules on integers: kilograms, minor units, exchange rates × RATE_SCALE (RULES.md Settlements). */

/** RULES.md Settlements: value = quantity (kg) x price per tonne / 1000, rounded half away from zero to minor units. */
export function lineValue(quantityKg: number, pricePerTonneMinor: number): number {
  const raw = (quantityKg * pricePerTonneMinor) / KG_PER_TONNE;
  return Math.sign(raw) * Math.round(Math.abs(raw));
}

/** Amount in minor units converted through an exchange rate kept as rate × RATE_SCALE (units.ts, 4 decimals). */
export function toPln(minor: number, rateScaled: number): number {
  const raw = (minor * rateScaled) / RATE_SCALE;
  return Math.sign(raw) * Math.round(Math.abs(raw));
}

/**
 * The value a settlement row stands for: its line value less deductions plus surcharges (RULES.md Settlements).
 * The one function behind the statement's value, the settle form's preview and the server's final value, so the
 * list and the settle form always show the same figure.
 */
export function valueAfterDeductions(input: { value: number; deductions: number | null; surcharges: number | null }) {
  return input.value - (input.deductions ?? 0) + (input.surcharges ?? 0);
}

export type SettleAction = 'purchase' | 'sales' | 'transport';
export type InvoiceAction = 'purchase' | 'sales';

/** Which kind of transaction each settle path takes. */
export const SETTLE_KIND: Readonly<Record<SettleAction, TransactionKind>> = {
  purchase: 'PURCHASE',
  sales: 'SALES',
  transport: 'TRANSPORT',
};

/**
 * Which kinds each set-invoice path takes: the purchase path takes the invoices the company receives (supplier and
 * carrier), the sales path the ones it issues. RULES.md lists no third invoice path, so TRANSPORT rows use this one.
 */
export const INVOICE_KINDS: Readonly<Record<InvoiceAction, readonly TransactionKind[]>> = {
  purchase: ['PURCHASE', 'TRANSPORT'],
  sales: ['SALES'],
};

interface Quantities {
  plannedQuantityKg: number;
  realQuantityKg: number | null;
}

/** The quantity a TO_SETTLEMENT row stands for: the real one once unloaded, else the planned one. */
export function effectiveQuantityKg(row: Quantities): number {
  return row.realQuantityKg ?? row.plannedQuantityKg;
}

/** RULES.md Settlements: PLN rows have the rate 1 (10 000); EUR and USD rows only once it has been entered. */
export function knownExchangeRate(currency: Currency, storedRate: number | null): number | null {
  return currency === 'PLN' ? RATE_SCALE : storedRate;
}

interface Values {
  currency: Currency;
  exchangeRate: number | null;
  plannedValue: number;
  realValue: number | null;
  finalValue: number | null;
  deductions: number;
  surcharges: number;
}

/**
 * spec/1 Transaction statement: PLN value = final, else real (less deductions, plus surcharges: what settling would
 * write by default), else planned value, through the rate; null until known.
 */
export function currentPlnValue(row: Values): number | null {
  const rate = knownExchangeRate(row.currency, row.exchangeRate);
  if (rate === null) return null;
  return toPln(currentNetValue(row), rate);
}

/**
 * The kilograms a row stands for: final, else real (unloaded), else planned. A zero final weight is a weight, not a
 * missing one. The statement's totals and the matching of received invoices read it (SQL twin: db/money-sql.ts).
 */
export function currentQuantityKg(row: {
  finalQuantityKg: number | null;
  realQuantityKg: number | null;
  plannedQuantityKg: number;
}): number {
  return row.finalQuantityKg ?? row.realQuantityKg ?? row.plannedQuantityKg;
}

/**
 * The net value a row stands for in its own currency: final, else real (less deductions, plus surcharges), else
 * planned. The PLN value converts it; its VAT (RULES.md Invoices, VAT and KSeF) is computed on it.
 */
export function currentNetValue(row: Omit<Values, 'currency' | 'exchangeRate'>): number {
  return row.finalValue ?? valueAfterDeductions({ ...row, value: row.realValue ?? row.plannedValue });
}

/**
 * The rate a settlement uses: PLN always 10 000 (another given rate is VALUE_IS_WRONG); EUR and USD the one given,
 * else the one the row already has, else VALUE_IS_MISSING.
 */
export function settlementExchangeRate(
  currency: Currency,
  requested: number | null | undefined,
  stored: number | null,
): { rate: number } | { refusal: MessageCode } {
  if (currency === 'PLN') {
    return requested === null || requested === undefined || requested === RATE_SCALE
      ? { rate: RATE_SCALE }
      : { refusal: 'VALUE_IS_WRONG' };
  }
  const rate = requested ?? stored;
  return rate ? { rate } : { refusal: 'VALUE_IS_MISSING' };
}

/**
 * Final value = quantity (kg) × price per tonne / 1000 rounded to minor units, minus deductions, plus surcharges:
 * the amount that is invoiced and converted to PLN (deductions and surcharges also stay visible on their own).
 */
export function finalValueOf(input: { quantityKg: number; price: number; deductions: number; surcharges: number }) {
  return valueAfterDeductions({ ...input, value: lineValue(input.quantityKg, input.price) });
}

/** total × part / whole rounded half away from zero, exact for any safe integers (BigInt). */
export function proportionalShare(total: number, part: number, whole: number): number {
  const product = BigInt(total) * BigInt(part);
  const divisor = BigInt(whole);
  const magnitude = product < 0n ? -product : product;
  const rounded = (2n * magnitude + divisor) / (2n * divisor);
  return Number(product < 0n ? -rounded : rounded);
}

export interface SplitFigures {
  plannedQuantityKg: number;
  realQuantityKg: number | null;
  plannedValue: number;
  realValue: number | null;
  deductions: number;
  surcharges: number;
  plnValue: number | null;
}

/** Share of a nullable figure; the remainder is what the original keeps. */
function splitOf(total: number | null, part: number, whole: number): [number | null, number | null] {
  if (total === null) return [null, null];
  const created = proportionalShare(total, part, whole);
  return [total - created, created];
}

/**
 * RULES.md Settlements, Split: `quantityKg` of the row's effective quantity goes to a new row; every quantity and
 * amount is shared in that proportion, the new row's share rounded and the remainder left on the original, so the
 * two always add up to the original exactly. Null when the quantity is not strictly between 0 and the row's, or a
 * planned quantity would drop to 0 (VALUE_IS_WRONG).
 */
export function splitFigures(
  row: SplitFigures,
  quantityKg: number,
): { original: SplitFigures; created: SplitFigures } | null {
  const whole = effectiveQuantityKg(row);
  if (!(quantityKg > 0 && quantityKg < whole)) return null;
  const [plannedQuantityKg, createdPlannedKg] = splitOf(row.plannedQuantityKg, quantityKg, whole);
  const [realQuantityKg, createdRealKg] = splitOf(row.realQuantityKg, quantityKg, whole);
  const [plannedValue, createdPlannedValue] = splitOf(row.plannedValue, quantityKg, whole);
  const [realValue, createdRealValue] = splitOf(row.realValue, quantityKg, whole);
  const [deductions, createdDeductions] = splitOf(row.deductions, quantityKg, whole);
  const [surcharges, createdSurcharges] = splitOf(row.surcharges, quantityKg, whole);
  const [plnValue, createdPlnValue] = splitOf(row.plnValue, quantityKg, whole);
  if (!plannedQuantityKg || !createdPlannedKg || plannedQuantityKg < 1 || createdPlannedKg < 1) return null;
  return {
    original: {
      plannedQuantityKg,
      realQuantityKg,
      plannedValue: plannedValue!,
      realValue,
      deductions: deductions!,
      surcharges: surcharges!,
      plnValue,
    },
    created: {
      plannedQuantityKg: createdPlannedKg,
      realQuantityKg: createdRealKg,
      plannedValue: createdPlannedValue!,
      realValue: createdRealValue,
      deductions: createdDeductions!,
      surcharges: createdSurcharges!,
      plnValue: createdPlnValue,
    },
  };
}

interface MoveTarget {
  status: string;
  counterpartyId: number;
  rawMaterialId: number;
  currency: Currency;
}

/**
 * RULES.md Settlements, Move: the target contract must be of the same counterparty and raw material, and of the
 * row's currency (its prices and values are in it): else CONTRACT_IS_NOT_COMPATIBLE. A CLOSED or CANCELLED target
 * cannot take an unsettled row: WRONG_STATUS.
 */
export function moveRefusal(
  row: { contractorId: number; currency: Currency },
  currentRawMaterialId: number | null,
  target: MoveTarget,
): MessageCode | null {
  const isCompatible =
    target.counterpartyId === row.contractorId &&
    (currentRawMaterialId === null || target.rawMaterialId === currentRawMaterialId) &&
    target.currency === row.currency;
  if (!isCompatible) return 'CONTRACT_IS_NOT_COMPATIBLE';
  if (target.status === 'CLOSED' || target.status === 'CANCELLED') return 'WRONG_STATUS';
  return null;
}
