/** Conversions between storage units (kilograms, minor units) and what people type and read. The only place they happen. */

/** Decimals of a tonne kept as whole kilograms: what tonnes are typed and shown with (spec/2 section 9). */
export const TONNE_DECIMALS = 3;
export const KG_PER_TONNE = 10 ** TONNE_DECIMALS;
/** Decimals of an amount kept as whole minor units (grosze, cents). */
export const MONEY_DECIMALS = 2;
export const MINOR_PER_MAJOR = 10 ** MONEY_DECIMALS;
/** Decimals of an exchange rate kept × RATE_SCALE: 4.2512 PLN per EUR is 42 512 (RULES.md Settlements). */
export const RATE_DECIMALS = 4;
export const RATE_SCALE = 10 ** RATE_DECIMALS;

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

/** An exchange rate as typed (up to 4 decimals) to the stored rate × RATE_SCALE. */
export function rateToScaled(rate: number): number {
  return Math.round(rate * RATE_SCALE);
}

export function rateFromScaled(scaled: number): number {
  return scaled / RATE_SCALE;
}
