import {
  finalValueOf,
  fromMinorUnits,
  kgToTonnes,
  RATE_SCALE,
  rateFromScaled,
  rateToScaled,
  type SettleRequest,
  SettleRequestSchema,
  type TransactionRow,
  toMinorUnits,
  tonnesToKg,
  toPln,
  V,
} from '@grain/shared';
import { z } from 'zod';

/**
 * The settle modal (RULES.md Settlements, Settle): what people type (tonnes, major units per tonne, the rate as
 * PLN per unit of currency) and the request it becomes (kilograms, minor units, rate × RATE_SCALE).
 */
export interface SettleFormValues extends Record<string, unknown> {
  finalQuantity: number | null;
  finalPrice: number | null;
  finalQualityId: number | null;
  deductions: number | null;
  surcharges: number | null;
  exchangeRate: number | null;
}

export const isForeignCurrency = (row: Pick<TransactionRow, 'currency'>) => row.currency !== 'PLN';

/** Defaults: the real figures (else the planned ones), the row's deductions, surcharges and rate. */
export function settleDefaults(row: TransactionRow): SettleFormValues {
  return {
    finalQuantity: kgToTonnes(row.realQuantity ?? row.plannedQuantity),
    finalPrice: fromMinorUnits(row.realPrice ?? row.plannedPrice),
    finalQualityId: row.realQualityId ?? row.plannedQualityId,
    deductions: fromMinorUnits(row.deductions),
    surcharges: fromMinorUnits(row.surcharges),
    exchangeRate: isForeignCurrency(row) && row.exchangeRate ? rateFromScaled(row.exchangeRate) : null,
  };
}

/** Every figure is sent, so what the preview shows is what is settled; PLN rows send no rate (always 10 000). */
export function settleRequestOf(row: TransactionRow, values: SettleFormValues): SettleRequest {
  const request: SettleRequest = {
    transactionId: row.id,
    finalQuantity: values.finalQuantity === null ? null : tonnesToKg(values.finalQuantity),
    finalPrice: values.finalPrice === null ? null : toMinorUnits(values.finalPrice),
    finalQualityId: values.finalQualityId,
    deductions: toMinorUnits(values.deductions ?? 0),
    surcharges: toMinorUnits(values.surcharges ?? 0),
  };
  if (isForeignCurrency(row))
    request.exchangeRate = values.exchangeRate === null ? null : rateToScaled(values.exchangeRate);
  return request;
}

export interface SettlePreview {
  /** Minor units of the row's currency. */
  finalValue: number | null;
  /** Minor units of PLN; null while the rate is not known. */
  plnValue: number | null;
}

/** Final value = kg × price / 1000 (rounded) − deductions + surcharges, through the rate to PLN (packages/shared/src/rules/settlements.ts). */
export function settlePreview(row: TransactionRow, values: SettleFormValues): SettlePreview {
  if (values.finalQuantity === null || values.finalPrice === null) return { finalValue: null, plnValue: null };
  const request = settleRequestOf(row, values);
  const finalValue = finalValueOf({
    quantityKg: request.finalQuantity ?? 0,
    price: request.finalPrice ?? 0,
    deductions: request.deductions ?? 0,
    surcharges: request.surcharges ?? 0,
  });
  const rate = isForeignCurrency(row) ? (request.exchangeRate ?? null) : RATE_SCALE;
  return { finalValue, plnValue: rate ? toPln(finalValue, rate) : null };
}

const requiredNumber = z.number({ error: (issue) => (issue.input == null ? V.required : V.wrongType) });
const optionalNumber = z.number({ error: V.wrongType }).nullable();

/**
 * Validates the form and turns it into the request (the shared SettleRequestSchema). Quantity and price are
 * required here so the preview always shows what is sent; the rate is required for EUR/USD; deductions may not
 * take the final value below 0 (the server's VALUE_IS_WRONG).
 */
export function settleFormSchema(row: TransactionRow) {
  return z
    .object({
      finalQuantity: requiredNumber,
      finalPrice: requiredNumber,
      finalQualityId: z.number().nullable(),
      deductions: optionalNumber,
      surcharges: optionalNumber,
      exchangeRate: isForeignCurrency(row) ? requiredNumber.positive(V.positive) : optionalNumber,
    })
    .superRefine((values, ctx) => {
      const { finalValue } = settlePreview(row, values);
      if (finalValue !== null && finalValue < 0)
        ctx.addIssue({ code: 'custom', path: ['deductions'], message: V.tooBig });
    })
    .transform((values) => settleRequestOf(row, values))
    .pipe(SettleRequestSchema);
}
