import {
  type ParamType,
  type ParamValue,
  QUALITY_PARAMETER_SUGGESTIONS,
  type QualityParamResponse,
  type QualityParamsUpdateRequest,
} from '@grain/shared';

export interface ParamFormRow {
  name: string;
  type: ParamType;
  unit: string;
  value: ParamValue | null;
}

export interface ParamsFormValues extends Record<string, unknown> {
  params: ParamFormRow[];
}

export const emptyParam = (): ParamFormRow => ({ name: '', type: 'number', unit: '', value: null });

export function toParamsForm(params: QualityParamResponse[]): ParamsFormValues {
  return { params: params.map(({ name, type, unit, value }) => ({ name, type, unit: unit ?? '', value })) };
}

/** A value of another type means nothing to the new type, so changing the type clears it. */
export function withType(row: ParamFormRow, type: ParamType): ParamFormRow {
  return type === row.type ? row : { ...row, type, value: null };
}

/** The market's parameters the name field suggests (any other name may be typed). */
export const PARAMETER_NAMES = QUALITY_PARAMETER_SUGGESTIONS.map((item) => item.name);

/**
 * A suggested parameter picked by name: a lab parameter, so numeric, with its unit unless one was typed; the value
 * is kept when the row already was numeric.
 */
export function withSuggestion(row: ParamFormRow, name: string): ParamFormRow {
  const suggestion = QUALITY_PARAMETER_SUGGESTIONS.find((item) => item.name === name);
  if (!suggestion) return { ...row, name };
  return { ...withType(row, 'number'), name, unit: row.unit.trim() ? row.unit : suggestion.unit };
}

export function toParamsRequest(values: ParamsFormValues): QualityParamsUpdateRequest {
  return {
    params: values.params.map((row) => ({
      name: row.name.trim(),
      type: row.type,
      unit: row.unit.trim() || null,
      value: typeof row.value === 'string' ? row.value.trim() || null : row.value,
    })),
  };
}

/** The boolean value input is a select of "true" / "false" / empty. */
export function booleanToText(value: ParamValue | null): string | null {
  return typeof value === 'boolean' ? String(value) : null;
}

export function textToBoolean(text: string | null): boolean | null {
  if (text === 'true') return true;
  if (text === 'false') return false;
  return null;
}
