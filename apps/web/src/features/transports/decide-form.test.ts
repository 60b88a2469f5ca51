import type { QualityTerm } from '@grain/shared';
import { describe, expect, it } from 'vitest';
import { decideFormSchema, labResultsBeyondLimit, toDecisionRequest } from './decide-form';

const moisture = (rejectionLimit: number): QualityTerm => ({
  parameter: 'Wilgotność',
  unit: '%',
  rule: 'MOISTURE_SHRINK',
  direction: 'MAX',
  basis: 1450,
  rejectionLimit,
  handlingPercent: 0,
  step: null,
  discountPerStep: null,
  premiumPerStep: null,
  isStepped: false,
  isPercentOfPrice: false,
  dryingFeePerPoint: null,
});

describe('the decision dialog', () => {
  it('sends the discount typed in zł/t as grosze, and none unless accepting', () => {
    expect(toDecisionRequest({ decision: 'ACCEPT', reason: ' ', discountPerTon: 12.5 })).toEqual({
      decision: 'ACCEPT',
      reason: null,
      discountPerTon: 1_250,
    });
    expect(toDecisionRequest({ decision: 'REJECT', reason: 'Za mokre ziarno', discountPerTon: 12.5 })).toMatchObject({
      discountPerTon: 0,
    });
  });

  it('refuses a rejection without a reason where the server would, at the reason field', () => {
    const result = decideFormSchema.safeParse({ decision: 'REJECT', reason: '', discountPerTon: null });
    expect(result.error?.issues.map((issue) => issue.path.join('.'))).toEqual(['reason']);
  });

  it('lists each side whose rejection limit a lab result passed', () => {
    const beyond = labResultsBeyondLimit([{ parameter: 'wilgotność', value: 2050 }], {
      purchase: [moisture(1950)],
      sales: [moisture(2100)],
    });
    expect(beyond).toEqual([
      { side: 'purchase', parameter: 'wilgotność', value: 2050, unit: '%', rejectionLimit: 1950 },
    ]);
  });
});
