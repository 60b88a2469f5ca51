import { describe, expect, it } from 'vitest';
import { acceptDiscount, TransportDecisionRequestSchema } from './transport-decisions.js';

const issuesOf = (body: unknown) =>
  TransportDecisionRequestSchema.safeParse(body).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);

describe('TransportDecisionRequestSchema', () => {
  it('takes an ACCEPT without a note or a discount (the discount then 0)', () => {
    expect(TransportDecisionRequestSchema.parse({ decision: 'ACCEPT' })).toEqual({
      decision: 'ACCEPT',
      reason: null,
      discountPerTon: 0,
    });
  });

  it('needs a reason of 10+ characters to REJECT or REDIRECT', () => {
    expect(issuesOf({ decision: 'REJECT' })).toEqual([['reason', 'required']]);
    expect(issuesOf({ decision: 'REDIRECT', reason: 'krótko' })).toEqual([['reason', 'minLength']]);
    expect(issuesOf({ decision: 'REJECT', reason: 'Wilgotność ponad limit' })).toBeUndefined();
  });

  it('takes a discount only with ACCEPT, never a negative one', () => {
    expect(issuesOf({ decision: 'REJECT', reason: 'Wilgotność ponad limit', discountPerTon: 100 })).toEqual([
      ['discountPerTon', 'oneOf'],
    ]);
    expect(issuesOf({ decision: 'ACCEPT', discountPerTon: -1 })).toEqual([['discountPerTon', 'nonNegative']]);
  });
});

describe('acceptDiscount', () => {
  it('is the paid kg at the discount per tonne, rounded to grosze', () => {
    // 23 538 kg × 15,00 zł/t = 353,07 zł; 24 415 kg × 12,50 zł/t = 305,1875 → 305,19 zł.
    expect(acceptDiscount(23_538, 1_500)).toBe(35_307);
    expect(acceptDiscount(24_415, 1_250)).toBe(30_519);
    expect(acceptDiscount(25_000, 0)).toBe(0);
  });
});
