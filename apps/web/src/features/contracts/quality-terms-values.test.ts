import { QualityTermSchema } from '@grain/shared';
import { describe, expect, it } from 'vitest';
import { newQualityTermForm, toQualityTermForm, toQualityTermRequest } from './quality-terms-values';

describe('quality terms as typed', () => {
  it('sends a percentage premium in hundredths of a percent and keeps it only on a price term', () => {
    // Rapeseed oil: 1,5 % of the price per 1 % of oil above 40 %.
    const oil = {
      ...newQualityTermForm({ name: 'Zawartość tłuszczu', unit: '%', value: 40 }),
      step: 1,
      discountPerStep: 1.5,
      premiumPerStep: 1.5,
      isPercentOfPrice: true,
    };
    const request = toQualityTermRequest(oil);
    expect(request).toMatchObject({
      rule: 'PRICE',
      direction: 'MIN',
      basis: 4000,
      step: 100,
      discountPerStep: 150,
      premiumPerStep: 150,
      isPercentOfPrice: true,
      dryingFeePerPoint: null,
    });
    expect(QualityTermSchema.safeParse(request).success).toBe(true);
    expect(toQualityTermForm(QualityTermSchema.parse(request))).toMatchObject({ premiumPerStep: 1.5 });
    expect(toQualityTermRequest({ ...oil, rule: 'LIMIT_ONLY' }).isPercentOfPrice).toBe(false);
  });

  it('sends the drying fee in grosze per tonne per point only on a moisture shrink', () => {
    const moisture = { ...newQualityTermForm({ name: 'Wilgotność', unit: '%', value: 14.5 }), dryingFeePerPoint: 12 };
    expect(toQualityTermRequest(moisture)).toMatchObject({
      rule: 'MOISTURE_SHRINK',
      basis: 1450,
      dryingFeePerPoint: 1200,
    });
    expect(toQualityTermRequest({ ...moisture, rule: 'PRICE', step: 1 }).dryingFeePerPoint).toBeNull();
  });

  it('adds any parameter of the quality with the direction the market prices it in', () => {
    expect(newQualityTermForm({ name: 'Liczba opadania', unit: 's', value: 250 })).toMatchObject({
      rule: 'PRICE',
      direction: 'MIN',
      basis: 250,
    });
    expect(newQualityTermForm({ name: 'DON', unit: 'µg/kg', value: 1250 })).toMatchObject({
      rule: 'PRICE',
      direction: 'MAX',
      basis: 1250,
      step: 1,
    });
    expect(newQualityTermForm({ name: 'Gluten', unit: '%', value: null })).toMatchObject({ basis: null });
  });
});
