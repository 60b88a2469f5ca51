import type { ToleranceUnit } from '../enums.js';

/** Hundredths of a percent in one whole (100 % = 10 000): toleranceQuantity for the unit PERCENT. */
export const PERCENT_SCALE = 10_000;

/** The contract terms the tolerance depends on (kg; toleranceQuantity is hundredths of a percent for PERCENT). */
export interface ToleranceTerms {
  cargoQuantityKg: number;
  isTolerance: boolean;
  toleranceUnit: ToleranceUnit | null;
  /** Kilograms for the unit T, hundredths of a percent for PERCENT. */
  toleranceQuantity: number | null;
}

/** The tolerance in kilograms: the T quantity itself, or quantity × percent rounded down to whole kilograms. */
export function toleranceKg({ cargoQuantityKg, isTolerance, toleranceUnit, toleranceQuantity }: ToleranceTerms) {
  if (!isTolerance || !toleranceUnit || !toleranceQuantity) return 0;
  if (toleranceUnit === 'T') return toleranceQuantity;
  // BigInt keeps the product exact for any safe integer quantity.
  return Number((BigInt(cargoQuantityKg) * BigInt(toleranceQuantity)) / BigInt(PERCENT_SCALE));
}

/**
 * RULES.md Contracts, Tolerance: quantity + tolerance quantity (T) or quantity × (1 + percent / 100) (PERCENT),
 * rounded down to kilograms; without tolerance, the quantity. Its SQL twin (list filters) is
 * the generated column contracts.tolerance_upper_limit_kg (db/schema/contracts.ts), proven equal by allocations/tolerance-limit.test.ts.
 */
export function toleranceUpperLimitKg(terms: ToleranceTerms): number {
  return terms.cargoQuantityKg + toleranceKg(terms);
}

/**
 * RULES.md Allocations: the sum of allocations on a contract may not pass its upper tolerance limit. Only growth
 * is checked: shrinking never makes a contract worse, even one already past its limit.
 */
export function isGrowthWithinTolerance(contract: ToleranceTerms & { allocatedKg: number }, growthKg: number) {
  return isGrowthWithinLimit(toleranceUpperLimitKg(contract), contract.allocatedKg, growthKg);
}

/** The same rule where only the limit is known (the web app reads toleranceUpperLimit from the answers). */
export function isGrowthWithinLimit(upperLimitKg: number, allocatedKg: number, growthKg: number): boolean {
  return growthKg <= 0 || allocatedKg + growthKg <= upperLimitKg;
}

export interface ToleranceRange {
  minKg: number;
  maxKg: number;
}

/** spec/1 section 3: the range on a contract card, quantity ± tolerance; null when tolerance does not apply. */
export function toleranceRange(terms: ToleranceTerms): ToleranceRange | null {
  if (!terms.isTolerance || !terms.toleranceUnit || !terms.toleranceQuantity) return null;
  const tolerance = toleranceKg(terms);
  return { minKg: Math.max(0, terms.cargoQuantityKg - tolerance), maxKg: terms.cargoQuantityKg + tolerance };
}
