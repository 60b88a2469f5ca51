/** Conversions between storage units (kilograms, minor units) and what people type and read. The only place they happen. */
export const KG_PER_TONNE = 1000;
export const MINOR_PER_MAJOR = 100;

/** Tonnes (as typed, may have 3 decimals) to whole kilograms. */
export function tonnesToKg(tonnes: number): number {
  return Math.round(tonnes * KG_PER_TONNE);
}

export function kgToTonnes(kg: number): number {
  return kg / KG_PER_TONNE;
}

/** Major units (as typed, 2 decimals) to whole minor units. */
export function toMinorUnits(major: number): number {
  return Math.round(major * MINOR_PER_MAJOR);
}

export function fromMinorUnits(minor: number): number {
  return minor / MINOR_PER_MAJOR;
}

/** RULES.md Settlements: value = quantity (kg) x price per tonne / 1000, rounded half away from zero to minor units. */
export function lineValue(quantityKg: number, pricePerTonneMinor: number): number {
  const raw = (quantityKg * pricePerTonneMinor) / KG_PER_TONNE;
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

/** Amount in minor units converted through an exchange rate kept as rate x 10 000 (4 decimals). */
export const RATE_SCALE = 10_000;
export function toPln(minor: number, rateScaled: number): number {
  const raw = (minor * rateScaled) / RATE_SCALE;
  return Math.sign(raw) * Math.round(Math.abs(raw));
}
