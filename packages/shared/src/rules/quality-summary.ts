import { priceLineTotals, type QualityLine, type QualitySettlement, roundedRatio } from './quality.js';
import { lineValue } from './settlements.js';

/* What deliveries settled by lab results add up to (RULES.md Transports, Quality): money and contract dashboards. */

/**
 * A settlement's deductions in money, as the delivered transport's details show them: the weight lines' kilograms
 * valued at the base price (each line lineValue(kg, base price), rounded once per line as the lines are shown) and
 * the price lines' discounts. The weight is already out of the paid kg; this only says what it was worth.
 */
export function qualityDeductionsInMoney(settlement: Pick<QualitySettlement, 'lines' | 'basePrice'>): {
  weight: number;
  price: number;
} {
  const weight = settlement.lines.reduce((sum, line) => sum + lineValue(line.weightKg, settlement.basePrice), 0);
  return { weight, price: priceLineTotals(settlement.lines).deductions };
}

export interface QualityParameterAverage {
  parameter: string;
  unit: string | null;
  /** The basis of the contract's terms the deliveries were settled by (the latest one). */
  basis: number;
  /** Mean lab value weighted by the unloaded kg, hundredths of the unit, rounded half away from zero. */
  average: number;
  deliveries: number;
}

export interface QualitySummary {
  deliveries: number;
  grossKg: number;
  paidKg: number;
  /** grossKg − paidKg: what the weight lines took. */
  deductedKg: number;
  /** Σ of the discounts (positive minor units) and Σ of the premiums. */
  discounts: number;
  premiums: number;
  parameters: QualityParameterAverage[];
}

/**
 * Contract dashboards: the deliveries a contract's rows were settled by lab results, added up: tonnes and
 * money deducted and the average quality delivered per parameter against the terms' basis. One settlement per
 * delivery (split parts of one row share it: the caller passes each unloading once).
 */
export function qualitySummary(settlements: readonly QualitySettlement[]): QualitySummary {
  const sums = new Map<string, { line: QualityLine; weighted: bigint; kg: bigint; deliveries: number }>();
  let grossKg = 0;
  let paidKg = 0;
  let discounts = 0;
  let premiums = 0;
  for (const settlement of settlements) {
    grossKg += settlement.grossKg;
    paidKg += settlement.paidKg;
    const totals = priceLineTotals(settlement.lines);
    discounts += totals.deductions;
    premiums += totals.surcharges;
    for (const line of settlement.lines) {
      const key = line.parameter.toLowerCase();
      const sum = sums.get(key) ?? { line, weighted: 0n, kg: 0n, deliveries: 0 };
      sum.line = line;
      sum.weighted += BigInt(line.labValue) * BigInt(settlement.grossKg);
      sum.kg += BigInt(settlement.grossKg);
      sum.deliveries += 1;
      sums.set(key, sum);
    }
  }
  const parameters = [...sums.values()].map(({ line, weighted, kg, deliveries }) => ({
    parameter: line.parameter,
    unit: line.unit,
    basis: line.basis,
    average: kg > 0n ? roundedRatio(weighted, kg) : line.labValue,
    deliveries,
  }));
  return {
    deliveries: settlements.length,
    grossKg,
    paidKg,
    deductedKg: grossKg - paidKg,
    discounts,
    premiums,
    parameters,
  };
}
