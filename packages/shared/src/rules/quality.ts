import { lineValue } from './settlements.js';

/**
 * Grain quality at the scale (RULES.md Transports, Quality): the weight and price a delivery is paid for, computed
 * from the lab results against one contract price option's quality terms. Pure and integer-only:
 *
 * - Parameter values (bases, limits, lab results, steps) are hundredths of their unit (16,5 % = 1650, 250 s =
 *   25 000, 76 kg/hl = 7600): QUALITY_SCALE. Percentages of weight (handling) are hundredths of a percent.
 * - Weights are kilograms, prices minor units per tonne, amounts minor units.
 *
 * Rounding rule (written once, here and in CONTRIBUTING.md): every line is computed from exact integers and
 * rounded once, half away from zero, to whole kilograms (weight lines) or whole minor units per tonne (price
 * lines); a line's amount is `lineValue(paid kg, its price per tonne)`, rounded the same way. A percentage
 * premium or discount is a share of the base price (the price option's, never a price an earlier line changed)
 * and a drying fee is minor units per tonne per point of moisture: both are price lines, rounded once like any. Every weight line is
 * a share of the gross (unloaded) weight, not of what an earlier line left; a line is cut so that the paid weight
 * never drops below 0 and a price line so that the price never drops below 0. The totals are sums of the stored
 * lines, so they add up to the kilogram and to the grosz by construction:
 *   paid kg = gross kg − Σ weight lines' kg;   value = lineValue(paid kg, base price) + Σ price lines' amounts.
 */
export const QUALITY_SCALE = 100;
export const PERCENT_UNITS = 100 * QUALITY_SCALE;

/**
 * MOISTURE_SHRINK: above basis the weight shrinks by (M1 − M2) / (100 − M2) × 100 % plus the handling percentage.
 * WEIGHT_1_TO_1: above basis the weight drops 1:1 by the excess percentage (impurities).
 * PRICE: each step of deviation on the worse side takes `discountPerStep` off the price per tonne, each step on the
 *   better side adds `premiumPerStep`; stepped counts whole steps only, else the deviation is taken pro rata. With
 *   `isPercentOfPrice` both are hundredths of a percent of the base price (1,5 % = 150), not amounts.
 * A MOISTURE_SHRINK term may also charge `dryingFeePerPoint` per point (1 %) of moisture above basis, pro rata.
 * LIMIT_ONLY: no deduction, only the rejection limit.
 */
export const QUALITY_RULES = ['MOISTURE_SHRINK', 'WEIGHT_1_TO_1', 'PRICE', 'LIMIT_ONLY'] as const;
export type QualityRule = (typeof QUALITY_RULES)[number];

/** MAX: a higher value is worse (moisture, impurities); MIN: a lower value is worse (protein, falling number). */
export const QUALITY_DIRECTIONS = ['MAX', 'MIN'] as const;
export type QualityDirection = (typeof QUALITY_DIRECTIONS)[number];

export interface QualityTerm {
  parameter: string;
  unit: string | null;
  rule: QualityRule;
  direction: QualityDirection;
  /** Hundredths of the unit. */
  basis: number;
  /** Hundredths of the unit; beyond it (on the worse side) the unloading is "do decyzji". */
  rejectionLimit: number | null;
  /** MOISTURE_SHRINK only: hundredths of a percent of weight added to the shrink (0,25 % = 25). */
  handlingPercent: number | null;
  /** PRICE only: the unit of deviation, hundredths of the unit (0,1 % = 10, 1 point = 100). */
  step: number | null;
  /** PRICE only: minor units per tonne per step on the worse side. */
  discountPerStep: number | null;
  /** PRICE only: minor units per tonne per step on the better side. */
  premiumPerStep: number | null;
  isStepped: boolean;
  /** PRICE only: the discount and premium per step are hundredths of a percent of the base price, not amounts. */
  isPercentOfPrice: boolean;
  /** MOISTURE_SHRINK only: drying fee, minor units per tonne per point (1 %) of moisture above basis. */
  dryingFeePerPoint: number | null;
}

export interface LabResult {
  parameter: string;
  /** Hundredths of the parameter's unit. */
  value: number;
}

export interface QualityLine {
  parameter: string;
  unit: string | null;
  rule: QualityRule;
  direction: QualityDirection;
  basis: number;
  labValue: number;
  /** Kilograms taken off the paid weight (weight rules). */
  weightKg: number;
  /** Minor units per tonne added (premium, > 0) or taken (discount, < 0) (PRICE; the drying fee of a shrink). */
  pricePerTonne: number;
  /** Minor units: lineValue(paid kg, pricePerTonne). */
  amount: number;
  isBeyondLimit: boolean;
}

export interface QualitySettlement {
  grossKg: number;
  paidKg: number;
  basePrice: number;
  /** Base price plus every price line's price per tonne. */
  price: number;
  /** lineValue(paidKg, basePrice) + Σ price lines' amounts. */
  value: number;
  lines: QualityLine[];
  /** A lab result beyond its rejection limit: the unloading is "do decyzji". */
  isToDecide: boolean;
}

/** numerator / denominator rounded half away from zero, exact for any safe integers (denominator > 0). */
export function roundedRatio(numerator: bigint, denominator: bigint): number {
  const magnitude = numerator < 0n ? -numerator : numerator;
  const rounded = (2n * magnitude + denominator) / (2n * denominator);
  return Number(numerator < 0n ? -rounded : rounded);
}

/** How far a lab value is on the worse side of the basis (negative: the better side). */
export function worseDeviation(term: Pick<QualityTerm, 'direction' | 'basis'>, labValue: number): number {
  return term.direction === 'MAX' ? labValue - term.basis : term.basis - labValue;
}

/** Beyond the rejection limit on the worse side: "do decyzji". */
export function isBeyondRejectionLimit(
  term: Pick<QualityTerm, 'direction' | 'rejectionLimit'>,
  labValue: number,
): boolean {
  if (term.rejectionLimit === null) return false;
  return term.direction === 'MAX' ? labValue > term.rejectionLimit : labValue < term.rejectionLimit;
}

/**
 * Kilograms the standard moisture shrink takes from `grossKg`: gross × ((M1 − M2) / (100 − M2) + handling / 100),
 * rounded once. 0 at or below the basis (no handling either: nothing is dried).
 */
export function moistureShrinkKg(grossKg: number, labValue: number, basis: number, handlingPercent: number): number {
  if (labValue <= basis) return 0;
  const gross = BigInt(grossKg);
  const excess = BigInt(labValue - basis);
  const dryBase = BigInt(PERCENT_UNITS - basis);
  const handling = BigInt(handlingPercent);
  // gross × (excess / dryBase + handling / 10 000) over one common denominator, so it is rounded once.
  return roundedRatio(gross * (excess * BigInt(PERCENT_UNITS) + handling * dryBase), dryBase * BigInt(PERCENT_UNITS));
}

/** Kilograms an excess percentage (impurities) takes 1:1 from `grossKg`, rounded once. */
export function excessWeightKg(grossKg: number, labValue: number, basis: number): number {
  if (labValue <= basis) return 0;
  return roundedRatio(BigInt(grossKg) * BigInt(labValue - basis), BigInt(PERCENT_UNITS));
}

/**
 * Minor units per tonne a PRICE term adds (premium, > 0) or takes (discount, < 0) for a lab value. Stepped terms
 * count whole steps of deviation only; others take it pro rata. A percentage term takes its share of `basePrice`.
 * Rounded once either way.
 */
export function priceAdjustmentPerTonne(
  term: Pick<
    QualityTerm,
    'direction' | 'basis' | 'step' | 'discountPerStep' | 'premiumPerStep' | 'isStepped' | 'isPercentOfPrice'
  >,
  labValue: number,
  basePrice: number,
): number {
  const deviation = worseDeviation(term, labValue);
  if (deviation === 0 || !term.step || term.step <= 0) return 0;
  const perStep = deviation > 0 ? -(term.discountPerStep ?? 0) : (term.premiumPerStep ?? 0);
  if (perStep === 0) return 0;
  const distance = Math.abs(deviation);
  // Steps as a fraction steps / stepDenominator: whole steps (stepped) or the exact deviation (pro rata).
  const steps = BigInt(term.isStepped ? Math.floor(distance / term.step) : distance);
  const stepDenominator = BigInt(term.isStepped ? 1 : term.step);
  if (!term.isPercentOfPrice) return roundedRatio(steps * BigInt(perStep), stepDenominator) || 0;
  // perStep is hundredths of a percent of the base price: price × steps × perStep / 10 000, one rounding.
  return roundedRatio(steps * BigInt(perStep) * BigInt(basePrice), stepDenominator * BigInt(PERCENT_UNITS)) || 0;
}

/**
 * Minor units per tonne a MOISTURE_SHRINK term's drying fee takes (≤ 0): the fee per point (1 %) times the points
 * above basis, pro rata, rounded once. 0 at or below the basis or without a fee.
 */
export function dryingFeePerTonne(
  term: Pick<QualityTerm, 'rule' | 'basis' | 'dryingFeePerPoint'>,
  labValue: number,
): number {
  if (term.rule !== 'MOISTURE_SHRINK' || !term.dryingFeePerPoint || labValue <= term.basis) return 0;
  return -roundedRatio(BigInt(labValue - term.basis) * BigInt(term.dryingFeePerPoint), BigInt(QUALITY_SCALE));
}

/** The line one term gives for one lab value, before the caps of `settleQuality`. */
function uncappedLine(term: QualityTerm, labValue: number, grossKg: number, basePrice: number): QualityLine {
  const weightKg =
    term.rule === 'MOISTURE_SHRINK' && term.direction === 'MAX'
      ? moistureShrinkKg(grossKg, labValue, term.basis, term.handlingPercent ?? 0)
      : term.rule === 'WEIGHT_1_TO_1' && term.direction === 'MAX'
        ? excessWeightKg(grossKg, labValue, term.basis)
        : 0;
  return {
    parameter: term.parameter,
    unit: term.unit,
    rule: term.rule,
    direction: term.direction,
    basis: term.basis,
    labValue,
    weightKg,
    pricePerTonne:
      term.rule === 'PRICE' ? priceAdjustmentPerTonne(term, labValue, basePrice) : dryingFeePerTonne(term, labValue),
    amount: 0,
    isBeyondLimit: isBeyondRejectionLimit(term, labValue),
  };
}

const sameParameter = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/**
 * The paid weight, price and value of one side of a delivery: one line per term with a lab result (terms without
 * one give no line), in the terms' order. See the module comment for the rounding rule and the caps.
 */
export function settleQuality(input: {
  grossKg: number;
  basePrice: number;
  terms: readonly QualityTerm[];
  labResults: readonly LabResult[];
}): QualitySettlement {
  let remainingKg = input.grossKg;
  let price = input.basePrice;
  const lines: QualityLine[] = [];
  for (const term of input.terms) {
    const result = input.labResults.find((lab) => sameParameter(lab.parameter, term.parameter));
    if (!result) continue;
    const line = uncappedLine(term, result.value, input.grossKg, input.basePrice);
    line.weightKg = Math.min(line.weightKg, remainingKg);
    line.pricePerTonne = Math.max(line.pricePerTonne, -price);
    remainingKg -= line.weightKg;
    price += line.pricePerTonne;
    lines.push(line);
  }
  // `|| 0`: no negative zero when nothing is paid.
  for (const line of lines) line.amount = lineValue(remainingKg, line.pricePerTonne) || 0;
  const value = lineValue(remainingKg, input.basePrice) + lines.reduce((sum, line) => sum + line.amount, 0);
  return {
    grossKg: input.grossKg,
    paidKg: remainingKg,
    basePrice: input.basePrice,
    price,
    value,
    lines,
    isToDecide: lines.some((line) => line.isBeyondLimit),
  };
}

type TermDefault = Omit<QualityTerm, 'parameter' | 'unit' | 'basis' | 'rejectionLimit'> & { limitOffset: number };

const priceTerm = (direction: QualityDirection, step: number, discount: number, premium: number | null) =>
  ({
    rule: 'PRICE',
    direction,
    handlingPercent: null,
    step,
    discountPerStep: discount,
    premiumPerStep: premium,
    isStepped: true,
    isPercentOfPrice: false,
    dryingFeePerPoint: null,
  }) as const;

/**
 * The terms a price option starts with, by the parameter's name as seeded in the cargo params (db/raw-materials.ts):
 * usual Polish market practice, editable per price option. `limitOffset` is the distance of the rejection limit
 * from the basis on the worse side.
 */
const TERM_DEFAULTS: Readonly<Record<string, TermDefault>> = {
  wilgotność: {
    rule: 'MOISTURE_SHRINK',
    direction: 'MAX',
    handlingPercent: 0,
    step: null,
    discountPerStep: null,
    premiumPerStep: null,
    isStepped: false,
    isPercentOfPrice: false,
    dryingFeePerPoint: null,
    limitOffset: 500,
  },
  zanieczyszczenia: {
    rule: 'WEIGHT_1_TO_1',
    direction: 'MAX',
    handlingPercent: null,
    step: null,
    discountPerStep: null,
    premiumPerStep: null,
    isStepped: false,
    isPercentOfPrice: false,
    dryingFeePerPoint: null,
    limitOffset: 600,
  },
  'ziarna połamane': { ...priceTerm('MAX', 100, 300, null), limitOffset: 1000 },
  białko: { ...priceTerm('MIN', 10, 200, null), limitOffset: 200 },
  'liczba opadania': { ...priceTerm('MIN', 1000, 500, null), limitOffset: 7000 },
  gęstość: { ...priceTerm('MIN', 100, 500, null), limitOffset: 600 },
  'zawartość tłuszczu': { ...priceTerm('MIN', 100, 2000, 2000), limitOffset: 400 },
};

/**
 * Default quality terms of a price option from its quality's parameters (the cargo params screen): one term per
 * numeric parameter with a value whose name has a default rule; the basis is the parameter's value.
 */
export function defaultQualityTerms(
  params: readonly { name: string; type: string; unit: string | null; value: unknown }[],
): QualityTerm[] {
  return params.flatMap((param) => {
    const defaults = TERM_DEFAULTS[param.name.trim().toLowerCase()];
    if (!defaults || param.type !== 'number' || typeof param.value !== 'number') return [];
    const basis = Math.round(param.value * QUALITY_SCALE);
    const { limitOffset, ...rule } = defaults;
    const rejectionLimit = defaults.direction === 'MAX' ? basis + limitOffset : Math.max(0, basis - limitOffset);
    return [{ parameter: param.name, unit: param.unit, basis, rejectionLimit, ...rule }];
  });
}

/** What a delivery stores on a PURCHASE or SALES row: the settlement with the terms and lab results it used. */
export interface QualitySettlementRecord extends QualitySettlement {
  terms: QualityTerm[];
  labResults: LabResult[];
}

/** One side's settlement of a delivery, with what it was computed from (stored, never recomputed). */
export function qualitySettlementRecord(input: {
  grossKg: number;
  basePrice: number;
  terms: readonly QualityTerm[];
  labResults: readonly LabResult[];
}): QualitySettlementRecord {
  return { ...settleQuality(input), terms: [...input.terms], labResults: [...input.labResults] };
}

/**
 * The price lines as a statement row's deductions (discounts, positive minor units) and surcharges (premiums): the
 * row's real value is lineValue(paid kg, base price), so real value − deductions + surcharges = the settlement's
 * value to the grosz (RULES.md Settlements valueAfterDeductions).
 */
export function priceLineTotals(lines: readonly QualityLine[]): { deductions: number; surcharges: number } {
  let deductions = 0;
  let surcharges = 0;
  for (const line of lines) {
    if (line.amount < 0) deductions -= line.amount;
    else surcharges += line.amount;
  }
  return { deductions, surcharges };
}
