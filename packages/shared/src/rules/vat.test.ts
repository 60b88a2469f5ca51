import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { lineVat, vatOfNet, vatTotalsByRate } from './vat.js';

describe('vatOfNet', () => {
  it('rounds half up to the grosz', () => {
    expect(vatOfNet(2_500_000, 5)).toBe(125_000);
    expect(vatOfNet(12_345, 23)).toBe(2_839); // 2 839.35
    expect(vatOfNet(10, 5)).toBe(1); // 0.5 -> 1
    expect(vatOfNet(30, 5)).toBe(2); // 1.5 -> 2
    expect(vatOfNet(29, 5)).toBe(1); // 1.45 -> 1
    expect(vatOfNet(1_250, 8)).toBe(100);
    expect(vatOfNet(99_999, 0)).toBe(0);
  });

  it('rounds a negative difference like its positive counterpart', () => {
    expect(vatOfNet(-30, 5)).toBe(-2);
    expect(vatOfNet(-12_345, 23)).toBe(-2_839);
    fc.assert(
      fc.property(fc.integer({ min: -1e12, max: 1e12 }), fc.constantFrom(0, 5, 8, 23), (net, rate) => {
        expect(vatOfNet(-net, rate)).toBe(0 - vatOfNet(net, rate));
      }),
    );
  });

  it('matches exact decimal rounding over generated amounts', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e12 }), fc.constantFrom(5, 8, 23), (net, rate) => {
        const exact = BigInt(net) * BigInt(rate);
        const expected = Number((exact + 50n) / 100n);
        expect(vatOfNet(net, rate)).toBe(expected);
      }),
    );
  });

  it('refuses fractions of a grosz and rates that are not whole percent', () => {
    expect(() => vatOfNet(10.5, 5)).toThrow(RangeError);
    expect(() => vatOfNet(100, 6.5)).toThrow(RangeError);
  });
});

describe('vatTotalsByRate', () => {
  it('sums the net values per rate first and rounds once per rate, not per line', () => {
    const percent = (rate: string) => Number(rate);
    const lines = [
      { rate: '5', netMinor: 10 },
      { rate: '23', netMinor: 100 },
      { rate: '5', netMinor: 10 },
      { rate: '5', netMinor: 10 },
    ];
    // Per line 0.5 grosz each would round to 3 groszy; on the sum of 30 groszy it is 1.5 -> 2.
    expect(vatTotalsByRate(lines, percent)).toEqual([
      { rate: '5', netMinor: 30, vatMinor: 2 },
      { rate: '23', netMinor: 100, vatMinor: 23 },
    ]);
  });
});

describe('lineVat', () => {
  it('gives a row its own VAT and gross, rounded half up, and nothing without a rate', () => {
    expect(lineVat(2_453_700, 5)).toEqual({
      netMinor: 2_453_700,
      ratePercent: 5,
      vatMinor: 122_685,
      grossMinor: 2_576_385,
    });
    expect(lineVat(12_345, 23)).toEqual({ netMinor: 12_345, ratePercent: 23, vatMinor: 2_839, grossMinor: 15_184 });
    expect(lineVat(10, 5)?.vatMinor).toBe(1);
    expect(lineVat(1_000, null)).toBeNull();
  });

  it('may differ from the invoice VAT, which rounds once per rate total', () => {
    const lines = [10, 10, 10].map((netMinor) => ({ rate: 5, netMinor }));
    const rowVats = lines.map((line) => lineVat(line.netMinor, 5)?.vatMinor ?? 0);
    expect(rowVats.reduce((a, b) => a + b, 0)).toBe(3);
    expect(vatTotalsByRate(lines, (rate) => rate)).toEqual([{ rate: 5, netMinor: 30, vatMinor: 2 }]);
  });
});
