import { QualityParamsUpdateRequestSchema } from '@grain/shared';
import { describe, expect, it } from 'vitest';
import { zodErrors } from '../../components/form/use-zod-form';
import {
  booleanToText,
  emptyParam,
  PARAMETER_NAMES,
  textToBoolean,
  toParamsForm,
  toParamsRequest,
  withSuggestion,
  withType,
} from './params-form';

describe('params form', () => {
  it('maps the answer to rows and back, empty unit and text value becoming null', () => {
    const form = toParamsForm([
      { id: 1, name: 'Wilgotność', type: 'number', unit: '%', value: 14.5 },
      { id: 2, name: 'Zapach', type: 'string', unit: null, value: '  ' },
    ]);
    expect(form.params[1]).toEqual({ name: 'Zapach', type: 'string', unit: '', value: '  ' });
    expect(toParamsRequest(form)).toEqual({
      params: [
        { name: 'Wilgotność', type: 'number', unit: '%', value: 14.5 },
        { name: 'Zapach', type: 'string', unit: null, value: null },
      ],
    });
  });

  it('clears the value when the type changes', () => {
    const row = { ...emptyParam(), name: 'Białko', value: 12 };
    expect(withType(row, 'number')).toBe(row);
    expect(withType(row, 'boolean')).toEqual({ ...row, type: 'boolean', value: null });
  });

  it('reads the yes/no select', () => {
    expect(booleanToText(true)).toBe('true');
    expect(booleanToText(null)).toBeNull();
    expect(textToBoolean('false')).toBe(false);
    expect(textToBoolean(null)).toBeNull();
  });

  it('flags a repeated name on the repeated row and a missing name', () => {
    const errors = zodErrors(QualityParamsUpdateRequestSchema, {
      params: [
        { ...emptyParam(), name: 'Białko' },
        { ...emptyParam(), name: 'białko' },
        { ...emptyParam(), name: '' },
      ],
    });
    expect(errors).toEqual({ 'params.1.name': 'Taka nazwa już istnieje', 'params.2.name': 'Pole jest wymagane' });
  });
});

describe('parameter suggestions', () => {
  it('makes a picked market parameter numeric with its unit, keeping a unit typed before', () => {
    const text = { name: 'x', type: 'string' as const, unit: '', value: 'abc' };
    expect(withSuggestion(text, 'DON')).toEqual({ name: 'DON', type: 'number', unit: 'µg/kg', value: null });
    expect(withSuggestion({ ...emptyParam(), unit: 'ppb', value: 12 }, 'DON')).toEqual({
      name: 'DON',
      type: 'number',
      unit: 'ppb',
      value: 12,
    });
    expect(withSuggestion(emptyParam(), 'Mój parametr')).toMatchObject({ name: 'Mój parametr', unit: '' });
    expect(PARAMETER_NAMES).toEqual(expect.arrayContaining(['Białko', 'Liczba opadania', 'Gęstość', 'DON']));
  });
});
