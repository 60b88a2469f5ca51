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
