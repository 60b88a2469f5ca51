import {
  defaultQualityTerms,
  QUALITY_SCALE,
  type QualityDirection,
  type QualityRule,
  type QualityTerm,
  suggestedDirection,
} from '@grain/shared';

/**
 * A price option's quality terms as typed: parameter values in their unit, handling in percent, amounts
 * in major units per tonne, a percentage of the price in percent. Every stored figure is the typed one × 100 (QUALITY_SCALE, minor units, hundredths of a
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
  /** PRICE: the discount and premium per step are typed as a percentage of the price (1,5 = 1,5 %). */
  isPercentOfPrice: boolean;
  /** MOISTURE_SHRINK: zł/t per point of moisture above basis. */
  dryingFeePerPoint: number | null;
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
    isPercentOfPrice: term.isPercentOfPrice,
    dryingFeePerPoint: toForm(term.dryingFeePerPoint),
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
    isPercentOfPrice: term.rule === 'PRICE' && term.isPercentOfPrice,
    dryingFeePerPoint: term.rule === 'MOISTURE_SHRINK' ? toStored(term.dryingFeePerPoint) : null,
  };
}

/**
 * A new term for a parameter of the quality (the cargo params) added by hand: the parameter's own default rule
 * when it has one, else a price term in the market's direction for it (suggestedDirection: protein lower is worse,
 * DON higher is worse); the basis is the parameter's value when it has one.
 */
export function newQualityTermForm(param: {
  name: string;
  unit: string | null;
  value: unknown;
}): QualityTermFormValues {
  const [known] = defaultQualityTerms([
    { ...param, type: 'number', value: typeof param.value === 'number' ? param.value : 0 },
  ]);
  if (known) return { ...toQualityTermForm(known), basis: typeof param.value === 'number' ? param.value : null };
  return {
    parameter: param.name,
    unit: param.unit ?? '',
    rule: 'PRICE',
    direction: suggestedDirection(param.name),
    basis: typeof param.value === 'number' ? param.value : null,
    rejectionLimit: null,
    handlingPercent: null,
    step: 1,
    discountPerStep: null,
    premiumPerStep: null,
    isStepped: false,
    isPercentOfPrice: false,
    dryingFeePerPoint: null,
  };
}
