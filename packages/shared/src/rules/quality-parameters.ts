import { PERCENT_UNITS, QUALITY_SCALE, type QualityDirection } from './quality.js';

/* The parameters of a lab result (RULES.md Transports, Quality): their physical ranges and the market's names. */

/**
 * Physical range of a lab result by the parameter's unit, in hundredths of the unit (a percentage is 0–100 %, a
 * falling number 0–1 000 s, a test weight 0–100 kg/hl); other units only cannot be negative.
 */
export function physicalRange(unit: string | null): { min: number; max: number | null } {
  switch (unit?.trim()) {
    case '%':
      return { min: 0, max: PERCENT_UNITS };
    case 's':
      return { min: 0, max: 1000 * QUALITY_SCALE };
    case 'kg/hl':
      return { min: 0, max: 100 * QUALITY_SCALE };
    default:
      return { min: 0, max: null };
  }
}

export function isWithinPhysicalRange(unit: string | null, value: number): boolean {
  const range = physicalRange(unit);
  return Number.isInteger(value) && value >= range.min && (range.max === null || value <= range.max);
}

/**
 * Parameters the grain market prices or limits, as the cargo params screen suggests them (any other name may be
 * typed): the unit, and the direction a term starts with when the parameter is added to a contract's terms (MIN: a
 * lower value is worse).
 */
export const QUALITY_PARAMETER_SUGGESTIONS: readonly { name: string; unit: string; direction: QualityDirection }[] = [
  { name: 'Wilgotność', unit: '%', direction: 'MAX' },
  { name: 'Zanieczyszczenia', unit: '%', direction: 'MAX' },
  { name: 'Białko', unit: '%', direction: 'MIN' },
  { name: 'Liczba opadania', unit: 's', direction: 'MIN' },
  { name: 'Gęstość', unit: 'kg/hl', direction: 'MIN' },
  { name: 'Gluten', unit: '%', direction: 'MIN' },
  { name: 'Ziarna porośnięte', unit: '%', direction: 'MAX' },
  { name: 'Ziarna połamane', unit: '%', direction: 'MAX' },
  { name: 'DON', unit: 'µg/kg', direction: 'MAX' },
  { name: 'Glukozynolany', unit: 'µmol/g', direction: 'MAX' },
  { name: 'Kwas erukowy', unit: '%', direction: 'MAX' },
  { name: 'Kwasowość oleju', unit: 'mg KOH/g', direction: 'MAX' },
  { name: 'Zawartość tłuszczu', unit: '%', direction: 'MIN' },
];

/** The direction a new term of a parameter starts with: the suggestion's, else a higher value is worse. */
export function suggestedDirection(parameter: string): QualityDirection {
  const key = parameter.trim().toLowerCase();
  return QUALITY_PARAMETER_SUGGESTIONS.find((item) => item.name.toLowerCase() === key)?.direction ?? 'MAX';
}
