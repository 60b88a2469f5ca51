import { describe, expect, it } from 'vitest';
import { AppError } from '../../../lib/errors.js';
import { createManualScaleReader } from './manual-scale.js';
import { ScaleConfigSchema } from './scale-config.js';
import { ScaleUnreachableError } from './scale-reader.js';

const scale = ScaleConfigSchema.parse({ name: 'Waga ręczna', protocol: 'manual', capacityKg: 60_000, divisionKg: 20 });
const at = new Date('2026-11-20T09:30:00.000Z');
const read = (enteredKg: unknown, field?: string) =>
  createManualScaleReader(scale, { enteredKg, field, clock: () => at }).readStable({ timeoutMs: 0 });

async function refusalOf(promise: Promise<unknown>) {
  const error = await promise.catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(AppError);
  return { code: (error as AppError).code, errors: (error as AppError).errors };
}

describe('manual scale reader', () => {
  it('takes the typed weight as a stable reading marked manual', async () => {
    await expect(read(24_560)).resolves.toEqual({
      scale: 'Waga ręczna',
      grossKg: 24_560,
      isStable: true,
      unit: 'kg',
      at: at.toISOString(),
      raw: '24560',
      source: 'manual',
    });
    await expect(read(0)).resolves.toMatchObject({ grossKg: 0 });
    await expect(read(60_000)).resolves.toMatchObject({ grossKg: 60_000 });
  });

  it('refuses with VALIDATION_ERROR on the field: not whole kg, negative, over capacity, off the division', async () => {
    const cases: [unknown, string][] = [
      [24_560.5, 'integer'],
      [-20, 'nonNegative'],
      [60_020, 'tooBig'],
      [24_565, 'scaleDivision'],
      ['24560', 'wrongType'],
      [null, 'wrongType'],
      [Number.NaN, 'wrongType'],
    ];
    for (const [enteredKg, code] of cases) {
      expect(await refusalOf(read(enteredKg)), String(enteredKg)).toEqual({
        code: 'VALIDATION_ERROR',
        errors: [{ field: 'gross_kg', code }],
      });
    }
    expect((await refusalOf(read(-1, 'tare_kg'))).errors).toEqual([{ field: 'tare_kg', code: 'nonNegative' }]);
  });

  it('says it is manual in its status, and refuses once closed', async () => {
    const reader = createManualScaleReader(scale, { enteredKg: 24_560 });
    expect(reader.status()).toMatchObject({ scale: 'Waga ręczna', source: 'manual', connection: 'manual' });
    await reader.close();
    expect(reader.status().connection).toBe('closed');
    await expect(reader.readStable({ timeoutMs: 0 })).rejects.toBeInstanceOf(ScaleUnreachableError);
  });

  it('gives up when its signal has aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('request closed'));
    const reader = createManualScaleReader(scale, { enteredKg: 24_560 });
    await expect(reader.readStable({ timeoutMs: 0, signal: controller.signal })).rejects.toThrow('request closed');
  });
});
