import {
  type CreatePriceListEntryRequest,
  isDateBefore,
  isoDateField,
  PAYMENT_TERM_MAX_DAYS,
  PRICE_LIST_SUPPLIER_KINDS,
  type PriceListSupplierKind,
  todayIso,
  toMinorUnits,
  V,
} from '@grain/shared';
import { z } from 'zod';

/** The "Dodaj cenę" dialog: the price typed in złoty per tonne, sent in grosze (units.ts). */
export interface PriceListFormValues extends Record<string, unknown> {
  rawMaterialQualityId: string | null;
  supplierKind: PriceListSupplierKind;
  paymentTermDays: number | null;
  price: number | null;
  validFrom: string | null;
  validTo: string | null;
}

const requiredDay = isoDateField.nullable().refine((value) => value !== null, V.required);

export const priceListFormSchema = z
  .object({
    rawMaterialQualityId: z
      .string()
      .nullable()
      .refine((value) => !!value, V.required),
    supplierKind: z.enum(PRICE_LIST_SUPPLIER_KINDS, { error: V.oneOf }),
    paymentTermDays: z
      .number({ error: V.required })
      .nullable()
      .refine((value) => value !== null, V.required)
      .refine((value) => value === null || value <= PAYMENT_TERM_MAX_DAYS, V.tooBig),
    price: z
      .number({ error: V.required })
      .nullable()
      .refine((value) => value !== null, V.required)
      .refine((value) => value === null || value > 0, V.positive),
    validFrom: requiredDay,
    validTo: requiredDay,
  })
  .refine((v) => !v.validFrom || !v.validTo || !isDateBefore(v.validTo, v.validFrom), {
    message: V.dateToIsBefore,
    path: ['validTo'],
  });

export function priceListDefaults(day: string = todayIso()): PriceListFormValues {
  return {
    rawMaterialQualityId: null,
    supplierKind: 'VAT',
    paymentTermDays: 14,
    price: null,
    validFrom: day,
    validTo: day,
  };
}

export function toCreatePriceListRequest(values: PriceListFormValues): CreatePriceListEntryRequest {
  return {
    rawMaterialQualityId: Number(values.rawMaterialQualityId),
    supplierKind: values.supplierKind,
    paymentTermDays: values.paymentTermDays!,
    price: toMinorUnits(values.price!),
    validFrom: values.validFrom!,
    validTo: values.validTo!,
  };
}
