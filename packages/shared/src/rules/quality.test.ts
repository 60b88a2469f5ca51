import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  defaultQualityTerms,
  dryingFeePerTonne,
  excessWeightKg,
  isBeyondRejectionLimit,
  moistureShrinkKg,
  priceAdjustmentPerTonne,
  QUALITY_DIRECTIONS,
  QUALITY_RULES,
  type QualityTerm,
  settleQuality,
} from './quality.js';
import { isWithinPhysicalRange, QUALITY_PARAMETER_SUGGESTIONS, suggestedDirection } from './quality-parameters.js';
import { qualityDeductionsInMoney, qualitySummary } from './quality-summary.js';
import { lineValue } from './settlements.js';

const term = (overrides: Partial<QualityTerm>): QualityTerm => ({
  parameter: 'Wilgotność',
  unit: '%',
  rule: 'MOISTURE_SHRINK',
  direction: 'MAX',
  basis: 1450,
  rejectionLimit: 2000,
  handlingPercent: 0,
  step: null,
  discountPerStep: null,
  premiumPerStep: null,
  isStepped: false,
  isPercentOfPrice: false,
  dryingFeePerPoint: null,
  ...overrides,
});

const moisture = term({});
const impurities = term({ parameter: 'Zanieczyszczenia', rule: 'WEIGHT_1_TO_1', basis: 200, rejectionLimit: 800 });
const protein = term({
  parameter: 'Białko',
  rule: 'PRICE',
  direction: 'MIN',
  basis: 1250,
  rejectionLimit: 1050,
  step: 10,
  discountPerStep: 200,
  premiumPerStep: 100,
  isStepped: true,
});

describe('moisture shrink (M1 − M2) / (100 − M2) × 100 %', () => {
  it('pays 24,415 t of 25,000 t at 16,5 % moisture against a 14,5 % basis', () => {
    // 25 000 × 2 / 85,5 = 584,795 kg → 585 kg; 25 000 − 585 = 24 415 kg.
    expect(moistureShrinkKg(25_000, 1650, 1450, 0)).toBe(585);
    const result = settleQuality({
      grossKg: 25_000,
      basePrice: 80_000,
      terms: [moisture],
      labResults: [{ parameter: 'Wilgotność', value: 1650 }],
    });
    expect(result.paidKg).toBe(24_415);
    expect(result.lines).toMatchObject([{ parameter: 'Wilgotność', weightKg: 585, pricePerTonne: 0, amount: 0 }]);
    // 24,415 t × 800,00 zł/t = 19 532,00 zł.
    expect(result.value).toBe(1_953_200);
  });

  it('adds the handling percentage to the shrink and rounds once', () => {
    // 25 000 × (2 / 85,5 + 0,5 / 100) = 584,795 + 125 = 709,795 kg → 710 kg.
    expect(moistureShrinkKg(25_000, 1650, 1450, 50)).toBe(710);
    // 10 000 × 0,1 / 85,5 = 11,695 kg → 12 kg.
    expect(moistureShrinkKg(10_000, 1460, 1450, 0)).toBe(12);
  });

  it('takes nothing at or below the basis, handling included', () => {
    expect(moistureShrinkKg(25_000, 1450, 1450, 50)).toBe(0);
    expect(moistureShrinkKg(25_000, 1200, 1450, 50)).toBe(0);
  });
});

describe('impurities 1:1', () => {
  it('takes the excess percentage of the weight', () => {
    // 25 000 × (3,5 − 2) % = 375 kg.
    expect(excessWeightKg(25_000, 350, 200)).toBe(375);
    // 24 321 × 0,05 % = 12,16 kg → 12 kg.
    expect(excessWeightKg(24_321, 205, 200)).toBe(12);
    expect(excessWeightKg(25_000, 150, 200)).toBe(0);
  });

  it('is a share of the gross weight, beside the moisture shrink', () => {
    const result = settleQuality({
      grossKg: 25_000,
      basePrice: 80_000,
      terms: [moisture, impurities],
      labResults: [
        { parameter: 'wilgotność', value: 1650 },
        { parameter: 'Zanieczyszczenia', value: 350 },
      ],
    });
    expect(result.lines.map((line) => line.weightKg)).toEqual([585, 375]);
    expect(result.paidKg).toBe(24_040);
  });
});

describe('price discount and premium per step', () => {
  it('discounts per completed whole step of 0,1 % when stepped', () => {
    // Protein 12,27 % against 12,5 %: 0,23 points = 2 whole steps of 0,1 % → −2 × 2,00 zł/t.
    expect(priceAdjustmentPerTonne(protein, 1227, 80_000)).toBe(-400);
    expect(priceAdjustmentPerTonne(protein, 1241, 80_000)).toBe(0);
    expect(priceAdjustmentPerTonne(protein, 1240, 80_000)).toBe(-200);
  });

  it('takes the deviation pro rata when not stepped, rounded once to the grosz per tonne', () => {
    // 0,23 / 0,1 × 2,00 zł/t = 4,60 zł/t; 0,05 / 0,1 × 1,01 = 0,505 → 0,51 zł/t.
    expect(priceAdjustmentPerTonne({ ...protein, isStepped: false }, 1227, 80_000)).toBe(-460);
    expect(priceAdjustmentPerTonne({ ...protein, isStepped: false, discountPerStep: 101 }, 1245, 80_000)).toBe(-51);
  });

  it('adds the premium on the better side', () => {
    // 13,0 % against 12,5 %: 5 steps × 1,00 zł/t.
    expect(priceAdjustmentPerTonne(protein, 1300, 80_000)).toBe(500);
    expect(priceAdjustmentPerTonne({ ...protein, premiumPerStep: null }, 1300, 80_000)).toBe(0);
  });

  it('puts the amount of a price line on the paid weight', () => {
    const result = settleQuality({
      grossKg: 25_000,
      basePrice: 80_000,
      terms: [moisture, protein],
      labResults: [
        { parameter: 'Wilgotność', value: 1650 },
        { parameter: 'Białko', value: 1227 },
      ],
    });
    expect(result.price).toBe(79_600);
    // 24,415 t × −4,00 zł/t = −97,66 zł; 24,415 t × 800 zł/t = 19 532,00 zł.
    expect(result.lines[1]).toMatchObject({ pricePerTonne: -400, amount: -9_766 });
    expect(result.value).toBe(1_953_200 - 9_766);
  });
});

describe('rejection ("do decyzji")', () => {
  it('flags a lab value beyond the limit on the worse side only', () => {
    expect(isBeyondRejectionLimit(moisture, 2001)).toBe(true);
    expect(isBeyondRejectionLimit(moisture, 2000)).toBe(false);
    expect(isBeyondRejectionLimit(protein, 1049)).toBe(true);
    expect(isBeyondRejectionLimit(protein, 1600)).toBe(false);
    expect(isBeyondRejectionLimit({ ...moisture, rejectionLimit: null }, 9000)).toBe(false);
  });

  it('marks the settlement to decide and still computes its lines', () => {
    const result = settleQuality({
      grossKg: 1_000,
      basePrice: 100_000,
      terms: [moisture],
      labResults: [{ parameter: 'Wilgotność', value: 2100 }],
    });
    expect(result.isToDecide).toBe(true);
    expect(result.lines[0]?.isBeyondLimit).toBe(true);
    expect(result.paidKg).toBe(1_000 - Math.round((1_000 * 650) / 8_550));
  });
});

describe('settleQuality', () => {
  it('gives no line for a term without a lab result, nor for a lab result without a term', () => {
    const result = settleQuality({
      grossKg: 5_000,
      basePrice: 90_000,
      terms: [moisture],
      labResults: [{ parameter: 'DON', value: 100 }],
    });
    expect(result.lines).toEqual([]);
    expect(result).toMatchObject({ paidKg: 5_000, price: 90_000, value: lineValue(5_000, 90_000), isToDecide: false });
  });

  it('never pays below 0 kg nor below 0 per tonne', () => {
    const result = settleQuality({
      grossKg: 1_000,
      basePrice: 500,
      terms: [moisture, impurities, { ...protein, isStepped: false }],
      labResults: [
        { parameter: 'Wilgotność', value: 9_000 },
        { parameter: 'Zanieczyszczenia', value: 9_000 },
        { parameter: 'Białko', value: 0 },
      ],
    });
    expect(result.paidKg).toBe(0);
    expect(result.price).toBe(0);
    expect(result.value).toBe(0);
  });
});

const termArbitrary: fc.Arbitrary<QualityTerm> = fc.record({
  parameter: fc.constantFrom('A', 'B', 'C', 'D'),
  unit: fc.constant('%'),
  rule: fc.constantFrom(...QUALITY_RULES),
  direction: fc.constantFrom(...QUALITY_DIRECTIONS),
  basis: fc.integer({ min: 0, max: 9_999 }),
  rejectionLimit: fc.option(fc.integer({ min: 0, max: 10_000 })),
  handlingPercent: fc.option(fc.integer({ min: 0, max: 500 })),
  step: fc.option(fc.integer({ min: 1, max: 1_000 })),
  discountPerStep: fc.option(fc.integer({ min: 0, max: 10_000 })),
  premiumPerStep: fc.option(fc.integer({ min: 0, max: 10_000 })),
  isStepped: fc.boolean(),
  isPercentOfPrice: fc.boolean(),
  dryingFeePerPoint: fc.option(fc.integer({ min: 0, max: 10_000 })),
});

describe('percentage premium and discount of the price', () => {
  // Rapeseed oil: 1,5 % of the price per 1 % of oil above 40 %, pro rata.
  const oil = term({
    parameter: 'Zawartość tłuszczu',
    rule: 'PRICE',
    direction: 'MIN',
    basis: 4000,
    rejectionLimit: null,
    step: 100,
    discountPerStep: 150,
    premiumPerStep: 150,
    isPercentOfPrice: true,
  });

  it('pays rapeseed at 43,2 % oil and 1 800 zł/t 3,2 × 1,5 % = +86,40 zł/t more', () => {
    // 1 800,00 × 3,2 × 1,5 % = 86,40 zł/t.
    expect(priceAdjustmentPerTonne(oil, 4320, 180_000)).toBe(8640);
    const result = settleQuality({
      grossKg: 24_000,
      basePrice: 180_000,
      terms: [oil],
      labResults: [{ parameter: 'Zawartość tłuszczu', value: 4320 }],
    });
    // 24 t × 1 886,40 zł/t = 45 273,60 zł; the line 24 × 86,40 = 2 073,60 zł.
    expect(result.price).toBe(188_640);
    expect(result.lines).toMatchObject([{ pricePerTonne: 8640, amount: 207_360 }]);
    expect(result.value).toBe(4_527_360);
  });

  it('discounts below the basis, counts whole steps when stepped and rounds once', () => {
    // 38,7 %: 1,3 × 1,5 % × 1 800 = 35,10 zł/t off; stepped: 1 whole step = 27,00 zł/t off.
    expect(priceAdjustmentPerTonne(oil, 3870, 180_000)).toBe(-3510);
    expect(priceAdjustmentPerTonne({ ...oil, isStepped: true }, 3870, 180_000)).toBe(-2700);
    // 0,01 × 1,5 % × 1 234,57 = 0,185 zł/t → 0,19 zł/t (half away from zero, once).
    expect(priceAdjustmentPerTonne(oil, 4001, 123_457)).toBe(19);
  });

  it('takes the share of the base price, not of a price an earlier line changed', () => {
    const protein = term({
      parameter: 'Białko',
      rule: 'PRICE',
      direction: 'MIN',
      basis: 1000,
      rejectionLimit: null,
      step: 100,
      discountPerStep: 5000,
      premiumPerStep: null,
      isPercentOfPrice: true,
    });
    const result = settleQuality({
      grossKg: 1000,
      basePrice: 180_000,
      terms: [protein, oil],
      labResults: [
        { parameter: 'Białko', value: 900 },
        { parameter: 'Zawartość tłuszczu', value: 4320 },
      ],
    });
    // Protein 1 point short: 50 % of 1 800 = −900 zł/t; the oil bonus is still 1,5 % × 3,2 of 1 800, not of 900.
    expect(result.lines.map((line) => line.pricePerTonne)).toEqual([-90_000, 8640]);
  });
});

describe('drying fee next to the moisture shrink', () => {
  it('shrinks the weight and charges the fee per point above basis on the paid weight', () => {
    // 25 000 kg at 16,5 % against 14,5 %: shrink 25 000 × 2 / 85,5 = 584,795 → 585 kg, paid 24 415 kg.
    // Drying 12,00 zł/t per point × 2,0 points = 24,00 zł/t off; 24,415 t × 24,00 = 585,96 zł.
    // Value: 24,415 × 800,00 = 19 532,00 − 585,96 = 18 946,04 zł.
    const dried = term({ dryingFeePerPoint: 1200 });
    const result = settleQuality({
      grossKg: 25_000,
      basePrice: 80_000,
      terms: [dried],
      labResults: [{ parameter: 'Wilgotność', value: 1650 }],
    });
    expect(result.lines).toMatchObject([{ weightKg: 585, pricePerTonne: -2400, amount: -58_596 }]);
    expect(result.paidKg).toBe(24_415);
    expect(result.price).toBe(77_600);
    expect(result.value).toBe(1_894_604);
  });

  it('is pro rata, rounded once, and nothing at or below the basis', () => {
    // 0,37 points × 12,35 zł/t = 4,5695 → 4,57 zł/t.
    expect(dryingFeePerTonne(term({ dryingFeePerPoint: 1235 }), 1487)).toBe(-457);
    expect(dryingFeePerTonne(term({ dryingFeePerPoint: 1235 }), 1450)).toBe(0);
    expect(dryingFeePerTonne(term({ dryingFeePerPoint: null }), 1650)).toBe(0);
    expect(dryingFeePerTonne(term({ rule: 'WEIGHT_1_TO_1', dryingFeePerPoint: 1200 }), 1650)).toBe(0);
  });
});

describe('parameter suggestions', () => {
  it('starts protein, falling number and test weight lower-is-worse, DON and sprouted grains higher-is-worse', () => {
    expect(['Białko', 'liczba opadania', ' Gęstość ', 'Gluten'].map(suggestedDirection)).toEqual([
      'MIN',
      'MIN',
      'MIN',
      'MIN',
    ]);
    expect(['DON', 'Ziarna porośnięte', 'Glukozynolany', 'Kwas erukowy'].map(suggestedDirection)).toEqual([
      'MAX',
      'MAX',
      'MAX',
      'MAX',
    ]);
    expect(suggestedDirection('Nieznany')).toBe('MAX');
  });

  it('names each parameter once, and every default term of the cargo params among them', () => {
    const names = QUALITY_PARAMETER_SUGGESTIONS.map((item) => item.name.toLowerCase());
    expect(new Set(names).size).toBe(names.length);
    for (const name of [
      'wilgotność',
      'zanieczyszczenia',
      'białko',
      'liczba opadania',
      'gęstość',
      'zawartość tłuszczu',
    ]) {
      expect(names).toContain(name);
    }
  });
});

describe('deductions in money', () => {
  it('values the deducted kilograms at the base price next to the price discounts', () => {
    // 25 000 × 1,98 / 85,5 = 578,9 → 0,579 t shrunk, at 850,00 zł/t = 492,15 zł; protein 2 steps × 2,00 zł/t
    // on 24,421 t = 97,684 → 97,68 zł.
    const result = settleQuality({
      grossKg: 25_000,
      basePrice: 85_000,
      terms: [term({ handlingPercent: 0 }), protein],
      labResults: [
        { parameter: 'Wilgotność', value: 1648 },
        { parameter: 'Białko', value: 1227 },
      ],
    });
    expect(result.lines.map((line) => line.weightKg)).toEqual([579, 0]);
    expect(qualityDeductionsInMoney(result)).toEqual({ weight: 49_215, price: 9_768 });
  });
});

describe('properties', () => {
  it('the lines sum to the totals: paid kg, price and value to the kilogram and the grosz', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: 0, max: 10_000_000 }),
        fc.array(termArbitrary, { maxLength: 5 }),
        fc.array(
          fc.record({ parameter: fc.constantFrom('A', 'B', 'C', 'D'), value: fc.integer({ min: 0, max: 10_000 }) }),
        ),
        (grossKg, basePrice, terms, labResults) => {
          const result = settleQuality({ grossKg, basePrice, terms, labResults });
          const weight = result.lines.reduce((sum, line) => sum + line.weightKg, 0);
          const perTonne = result.lines.reduce((sum, line) => sum + line.pricePerTonne, 0);
          const amounts = result.lines.reduce((sum, line) => sum + line.amount, 0);
          expect(result.paidKg + weight).toBe(grossKg);
          expect(result.paidKg).toBeGreaterThanOrEqual(0);
          expect(result.price).toBe(basePrice + perTonne);
          expect(result.price).toBeGreaterThanOrEqual(0);
          expect(result.value).toBe(lineValue(result.paidKg, basePrice) + amounts);
          for (const line of result.lines) {
            expect(Number.isInteger(line.weightKg) && Number.isInteger(line.amount)).toBe(true);
            expect(line.amount).toBe(lineValue(result.paidKg, line.pricePerTonne) || 0);
          }
          expect(result.isToDecide).toBe(result.lines.some((line) => line.isBeyondLimit));
        },
      ),
    );
  });

  it('a worse lab value never pays more weight', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 9_999 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 10_000 }),
        (grossKg, basis, a, b) => {
          const [low, high] = a <= b ? [a, b] : [b, a];
          expect(moistureShrinkKg(grossKg, high, basis, 0)).toBeGreaterThanOrEqual(
            moistureShrinkKg(grossKg, low, basis, 0),
          );
          expect(excessWeightKg(grossKg, high, basis)).toBeGreaterThanOrEqual(excessWeightKg(grossKg, low, basis));
        },
      ),
    );
  });
});

describe('physical ranges and defaults', () => {
  it('keeps percentages within 0–100 % and refuses fractions of a hundredth', () => {
    expect(isWithinPhysicalRange('%', 10_000)).toBe(true);
    expect(isWithinPhysicalRange('%', 10_001)).toBe(false);
    expect(isWithinPhysicalRange('%', -1)).toBe(false);
    expect(isWithinPhysicalRange('s', 100_001)).toBe(false);
    expect(isWithinPhysicalRange('kg/hl', 7_600)).toBe(true);
    expect(isWithinPhysicalRange('µg/kg', 1_000_000)).toBe(true);
    expect(isWithinPhysicalRange('%', 12.5)).toBe(false);
  });

  it('defaults terms from the numeric parameters of a quality, basis = parameter value', () => {
    const terms = defaultQualityTerms([
      { name: 'Wilgotność', type: 'number', unit: '%', value: 14.5 },
      { name: 'Białko', type: 'number', unit: '%', value: 12.5 },
      { name: 'Wolna od GMO', type: 'boolean', unit: null, value: true },
      { name: 'DON', type: 'number', unit: 'µg/kg', value: 1750 },
      { name: 'Zanieczyszczenia', type: 'number', unit: '%', value: null },
    ]);
    expect(terms).toMatchObject([
      { parameter: 'Wilgotność', rule: 'MOISTURE_SHRINK', direction: 'MAX', basis: 1450, rejectionLimit: 1950 },
      { parameter: 'Białko', rule: 'PRICE', direction: 'MIN', basis: 1250, rejectionLimit: 1050, step: 10 },
    ]);
  });
});

describe('qualitySummary (contract dashboards)', () => {
  const settle = (grossKg: number, moistureValue: number) =>
    settleQuality({
      grossKg,
      basePrice: 80_000,
      terms: [moisture, protein],
      labResults: [
        { parameter: 'Wilgotność', value: moistureValue },
        { parameter: 'Białko', value: 1227 },
      ],
    });

  it('adds up tonnes and money deducted and weights the average lab value by the unloaded kg', () => {
    const summary = qualitySummary([settle(25_000, 1650), settle(5_000, 1450)]);
    // 585 kg from the first truck, none from the second; protein −4,00 zł/t on 24,415 t and 5,000 t.
    expect(summary).toMatchObject({ deliveries: 2, grossKg: 30_000, paidKg: 29_415, deductedKg: 585 });
    expect(summary.discounts).toBe(lineValue(24_415, 400) + lineValue(5_000, 400));
    expect(summary.premiums).toBe(0);
    // (1650 × 25 000 + 1450 × 5 000) / 30 000 = 1616,67 → 1617.
    expect(summary.parameters[0]).toEqual({
      parameter: 'Wilgotność',
      unit: '%',
      basis: 1450,
      average: 1617,
      deliveries: 2,
    });
  });

  it('is all zeros without deliveries', () => {
    expect(qualitySummary([])).toEqual({
      deliveries: 0,
      grossKg: 0,
      paidKg: 0,
      deductedKg: 0,
      discounts: 0,
      premiums: 0,
      parameters: [],
    });
  });
});
