import { V, type ValidationKey } from '../validation.js';

/** The limits of one scale that a weight read off it must respect (kg). */
export interface ScaleLimits {
  capacityKg: number;
  divisionKg: number;
}

/**
 * A weight the operator typed from the scale's display (CONTRIBUTING.md Weighbridge, manual entry): whole kilograms,
 * 0 up to the scale's capacity, and a multiple of its division, since the display shows nothing else. Null when
 * it may be taken; otherwise the validation key the form and the server both mark the field with.
 */
export function manualWeightRefusal(scale: ScaleLimits, grossKg: unknown): ValidationKey | null {
  if (typeof grossKg !== 'number' || Number.isNaN(grossKg)) return V.wrongType;
  if (!Number.isInteger(grossKg)) return V.integer;
  if (grossKg < 0) return V.nonNegative;
  if (grossKg > scale.capacityKg) return V.tooBig;
  if (grossKg % scale.divisionKg !== 0) return V.scaleDivision;
  return null;
}
