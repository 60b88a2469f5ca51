import type { ParamType, ParamValue, QualityParamResponse, QualityParamsUpdateRequest } from '@grain/shared';

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
