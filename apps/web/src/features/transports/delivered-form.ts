import {
  fromMinorUnits,
  kgToTonnes,
  type TransportDeliveredRequest,
  TransportDeliveredRequestSchema,
  type TransportResponse,
  todayIso,
  toMinorUnits,
  tonnesToKg,
} from '@grain/shared';
import { formSchemaOf } from './form-schema';

/**
 * The delivered form (spec/1 section 5 Delivered form): the unloading of a transport on the way. Quantities in
 * tonnes and prices in major units as typed; the request carries kilograms and minor units.
 */
export interface DeliveredFormValues extends Record<string, unknown> {
  unloadingDate: string | null;
  realCargoQualityId: number | null;
  /** Major units per tonne. */
  realCargoPrice: number | null;
  /** Tonnes. */
  realCargoQuantity: number | null;
  /** Major units. */
  deductions: number | null;
  details: string;
  /** RULES.md Transports, Delivered: asked for only when the server says the delivery passes a tolerance limit. */
  overDeliveryNote: string;
}

export function defaultDeliveredValues(today = todayIso()): DeliveredFormValues {
  return {
    unloadingDate: today,
    realCargoQualityId: null,
    realCargoPrice: null,
    realCargoQuantity: null,
    deductions: null,
    details: '',
    overDeliveryNote: '',
  };
}

/** The contractual values the copy buttons put into the real ones: the purchase quality and price, the planned quantity. */
export function contractualValues(transport: TransportResponse) {
  return {
    realCargoQualityId: transport.purchaseQualityId,
    realCargoQuantity: kgToTonnes(transport.cargoQuantity),
    realCargoPrice: fromMinorUnits(transport.purchasePrice),
  } satisfies Partial<DeliveredFormValues>;
}

export function toDeliveredRequest(values: DeliveredFormValues): TransportDeliveredRequest {
  return {
    unloadingDate: values.unloadingDate as string,
    realCargoQualityId: values.realCargoQualityId,
    realCargoPrice: (values.realCargoPrice === null ? null : toMinorUnits(values.realCargoPrice)) as number,
    realCargoQuantity: (values.realCargoQuantity === null ? null : tonnesToKg(values.realCargoQuantity)) as number,
    deductions: values.deductions === null ? null : toMinorUnits(values.deductions),
    details: values.details.trim() ? values.details.trim() : null,
    overDeliveryNote: values.overDeliveryNote.trim() ? values.overDeliveryNote.trim() : null,
    labResults: null,
  };
}

/**
 * RULES.md Transports, Delivered: the server refuses a delivery past a contract's upper tolerance limit without an
 * over-delivery note, with TRANSPORT_QUANTITY_IS_TO_BIG and the note field marked; the form then asks for it.
 */
export function isOverDeliveryNoteRequest(error: unknown): boolean {
  const refusal = error as { messageCode?: string; errors?: { field: string }[] } | null;
  return (
    refusal?.messageCode === 'TRANSPORT_QUANTITY_IS_TO_BIG' &&
    (refusal.errors ?? []).some((fieldError) => fieldError.field === 'over_delivery_note')
  );
}

export const deliveredFormSchema = formSchemaOf(TransportDeliveredRequestSchema, toDeliveredRequest);

/** How far the delivered quantity may differ from the planned one before the form asks to check it. */
export const QUANTITY_WARNING_SHARE = 0.1;

export type QuantityWarning = 'tooBig' | 'tooSmall';

/** spec/1 section 5: a warning asks to check the delivered quantity when it is too big or too small. */
export function deliveredQuantityWarning(realKg: number | null, plannedKg: number): QuantityWarning | null {
  if (realKg === null || plannedKg <= 0) return null;
  const difference = realKg - plannedKg;
  if (Math.abs(difference) <= plannedKg * QUANTITY_WARNING_SHARE) return null;
  return difference > 0 ? 'tooBig' : 'tooSmall';
}
