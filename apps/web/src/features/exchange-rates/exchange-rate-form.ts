import {
  type CreateExchangeRateRequest,
  EXCHANGE_RATE_CURRENCIES,
  type ExchangeRateCurrency,
  isBusinessDay,
  isoDateField,
  NBP_TABLE_NUMBER,
  RATE_DECIMALS,
  rateToScaled,
  V,
} from '@grain/shared';
import { z } from 'zod';

/** The "Dodaj kurs" dialog: the rate typed as NBP prints it (4,2305), stored × 10 000 (units.ts). */
export interface ExchangeRateFormValues extends Record<string, unknown> {
  currency: ExchangeRateCurrency;
  effectiveDate: string | null;
  rate: number | null;
  tableNumber: string;
}

export const exchangeRateFormSchema = z.object({
  currency: z.enum(EXCHANGE_RATE_CURRENCIES, { error: V.oneOf }),
  // NBP publishes only on business days; the server refuses the rest (EXCHANGE_RATE_DATE_NOT_BUSINESS_DAY).
  effectiveDate: isoDateField
    .nullable()
    .refine((value) => value !== null, V.required)
    .refine((value) => value === null || isBusinessDay(value), V.notBusinessDay),
  rate: z
    .number({ error: V.required })
    .nullable()
    .refine((value) => value !== null, V.required)
    .refine((value) => value === null || value > 0, V.positive),
  tableNumber: z
    .string()
    .trim()
    .refine((value) => value === '' || NBP_TABLE_NUMBER.test(value), V.wrongType),
});

export const EXCHANGE_RATE_INPUT_DECIMALS = RATE_DECIMALS;

export function exchangeRateDefaults(): ExchangeRateFormValues {
  return { currency: 'EUR', effectiveDate: null, rate: null, tableNumber: '' };
}

export function toCreateExchangeRateRequest(values: ExchangeRateFormValues): CreateExchangeRateRequest {
  return {
    currency: values.currency,
    effectiveDate: values.effectiveDate!,
    rate: rateToScaled(values.rate!),
    tableNumber: values.tableNumber.trim() || null,
  };
}
