import { describe, expect, it } from 'vitest';
import { exchangeRateDefaults, exchangeRateFormSchema, toCreateExchangeRateRequest } from './exchange-rate-form';

describe('the Dodaj kurs form', () => {
  it('refuses a weekend or holiday with the business-day message, as the server does', () => {
    for (const day of ['2026-11-28', '2026-11-11']) {
      const result = exchangeRateFormSchema.safeParse({ ...exchangeRateDefaults(), effectiveDate: day, rate: 4.2 });
      expect(result.error?.issues.map((issue) => issue.message)).toEqual(['notBusinessDay']);
    }
  });

  it('sends the typed rate × 10 000 and a table number only when given', () => {
    const values = { currency: 'USD' as const, effectiveDate: '2026-11-27', rate: 3.6612, tableNumber: ' ' };
    expect(exchangeRateFormSchema.safeParse(values).success).toBe(true);
    expect(toCreateExchangeRateRequest(values)).toEqual({
      currency: 'USD',
      effectiveDate: '2026-11-27',
      rate: 36_612,
      tableNumber: null,
    });
    expect(exchangeRateFormSchema.safeParse({ ...values, tableNumber: '230/A/NBP' }).success).toBe(false);
  });
});
