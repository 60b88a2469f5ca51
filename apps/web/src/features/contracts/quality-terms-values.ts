import { QUALITY_SCALE, type QualityDirection, type QualityRule, type QualityTerm } from '@grain/shared';

/**
 * A price option's quality terms as typed: parameter values in their unit, handling in percent, amounts
 * in major units per tonne. Every stored figure is the typed one × 100 (QUALITY_SCALE, minor units, hundredths of a
 * percent), so one conversion serves them all.
 */
export interface QualityTermFormValues {
  parameter: string;
  unit: string;
  rule: QualityRule;
  direction: QualityDirection;
  basis: number | null;
  rejectionLimit: number | null;
  handlingPercent: number | null;
  step: number | null;
  discountPerStep: number | null;
  premiumPerStep: number | null;
  isStepped: boolean;
}

const toForm = (value: number | null) => (value === null ? null : value / QUALITY_SCALE);
const toStored = (value: number | null) => (value === null ? null : Math.round(value * QUALITY_SCALE));

export function toQualityTermForm(term: QualityTerm): QualityTermFormValues {
  return {
    parameter: term.parameter,
    unit: term.unit ?? '',
    rule: term.rule,
    direction: term.direction,
    basis: toForm(term.basis),
    rejectionLimit: toForm(term.rejectionLimit),
    handlingPercent: toForm(term.handlingPercent),
    step: toForm(term.step),
    discountPerStep: toForm(term.discountPerStep),
    premiumPerStep: toForm(term.premiumPerStep),
    isStepped: term.isStepped,
  };
}

/** The request's term; a missing basis goes as null so the shared schema marks it (required). */
export function toQualityTermRequest(term: QualityTermFormValues) {
  return {
    parameter: term.parameter,
    unit: term.unit.trim() || null,
    rule: term.rule,
    direction: term.direction,
    basis: toStored(term.basis),
    rejectionLimit: toStored(term.rejectionLimit),
    handlingPercent: term.rule === 'MOISTURE_SHRINK' ? toStored(term.handlingPercent) : null,
    step: term.rule === 'PRICE' ? toStored(term.step) : null,
    discountPerStep: term.rule === 'PRICE' ? toStored(term.discountPerStep) : null,
    premiumPerStep: term.rule === 'PRICE' ? toStored(term.premiumPerStep) : null,
    isStepped: term.rule === 'PRICE' && term.isStepped,
  };
}
