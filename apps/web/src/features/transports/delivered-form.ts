import {
  type DeliveredPriceOption,
  deliveredPriceOption,
  deliveryTransactions,
  fromMinorUnits,
  isWithinPhysicalRange,
  kgToTonnes,
  type LabResult,
  physicalRange,
  QUALITY_SCALE,
  type QualityTerm,
  type TransportDeliveredRequest,
  TransportDeliveredRequestSchema,
  type TransportResponse,
  todayIso,
  toMinorUnits,
  tonnesToKg,
  V,
} from '@grain/shared';
import { type FormIssue, formSchemaOf } from './form-schema';

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
  /**
   * RULES.md Invoices, VAT and KSeF: each side's free deduction in major units of its own currency (the purchase
   * contract's, the sales contract's, the transport's), taken off that side's row only.
   */
  purchaseDeductions: number | null;
  salesDeductions: number | null;
  transportDeductions: number | null;
  details: string;
  /** RULES.md Transports, Delivered: asked for only when the server says the delivery passes a tolerance limit. */
  overDeliveryNote: string;
  /** One row per parameter of either contract's quality terms; values in the parameter's unit as typed. */
  labResults: LabResultFormRow[];
}

export interface LabResultFormRow {
  parameter: string;
  unit: string | null;
  value: number | null;
}

export function defaultDeliveredValues(today = todayIso()): DeliveredFormValues {
  return {
    unloadingDate: today,
    realCargoQualityId: null,
    realCargoPrice: null,
    realCargoQuantity: null,
    purchaseDeductions: null,
    salesDeductions: null,
    transportDeductions: null,
    details: '',
    overDeliveryNote: '',
    labResults: [],
  };
}

/** A contract's price options as the delivered form reads them (the transports api's DeliveryTerms). */
interface SideTerms {
  main: readonly QualityTerm[];
  additional: readonly DeliveredPriceOption[];
}

/**
 * The lab result rows the form asks for: the parameters of both sides' terms, each once, purchase first, the main
 * option's then the additional options' (whichever quality arrives, its terms find their results).
 */
export function labResultRows(purchase: SideTerms, sales: SideTerms) {
  const rows: LabResultFormRow[] = [];
  const termsOf = (side: SideTerms) => [...side.main, ...side.additional.flatMap((option) => option.qualityTerms)];
  for (const term of [...termsOf(purchase), ...termsOf(sales)]) {
    const isListed = rows.some((row) => row.parameter.toLowerCase() === term.parameter.toLowerCase());
    if (!isListed) rows.push({ parameter: term.parameter, unit: term.unit, value: null });
  }
  return rows;
}

/** The typed lab results in hundredths of their unit (QUALITY_SCALE); rows left empty are not sent. */
export function toLabResults(rows: readonly LabResultFormRow[]): LabResult[] {
  return rows.flatMap((row) =>
    row.value === null ? [] : [{ parameter: row.parameter, value: Math.round(row.value * QUALITY_SCALE) }],
  );
}

/** What the server checks too: a lab result within its unit's physical range, on the form's own row. */
function labResultIssues(values: DeliveredFormValues): FormIssue[] {
  return values.labResults.flatMap((row, index) => {
    if (row.value === null) return [];
    const value = Math.round(row.value * QUALITY_SCALE);
    if (isWithinPhysicalRange(row.unit, value)) return [];
    const message = value < physicalRange(row.unit).min ? V.nonNegative : V.tooBig;
    return [{ path: `labResults.${index}.value`, message }];
  });
}

/** The contractual values the copy buttons put into the real ones: the purchase quality and price, the planned quantity. */
export function contractualValues(transport: TransportResponse) {
  return {
    realCargoQualityId: transport.purchaseQualityId,
    realCargoQuantity: kgToTonnes(transport.cargoQuantity),
    realCargoPrice: fromMinorUnits(transport.purchasePrice),
  } satisfies Partial<DeliveredFormValues>;
}

/**
 * What the delivered form opens with: today's unloading, the contract's purchase price and the planned quantity,
 * which the weighed figures then replace (the quantity warning still compares with the plan).
 */
export function deliveredDefaults(transport: TransportResponse, today = todayIso()): DeliveredFormValues {
  const contractual = contractualValues(transport);
  return {
    ...defaultDeliveredValues(today),
    realCargoQuantity: contractual.realCargoQuantity,
    realCargoPrice: contractual.realCargoPrice,
  };
}

/**
 * The purchase price of the delivered quality, in major units: an additional option's of that quality, else the
 * contract's (RULES.md Transports, Quality). The form puts it into the real price when the real quality changes.
 */
export function deliveredOptionPrice(
  transport: TransportResponse,
  purchase: SideTerms,
  realQualityId: number | null,
): number {
  const option = deliveredPriceOption(
    {
      id: transport.purchaseId,
      counterpartyId: transport.purchaseSupplier.contractorId,
      price: transport.purchasePrice,
      currency: transport.purchaseCurrency,
      rawMaterialQualityId: transport.purchaseQualityId,
      additionalOptions: purchase.additional,
    },
    realQualityId,
  );
  return fromMinorUnits(option.price);
}

const minorOrNull = (major: number | null) => (major === null ? null : toMinorUnits(major));

export function toDeliveredRequest(values: DeliveredFormValues): TransportDeliveredRequest {
  return {
    unloadingDate: values.unloadingDate as string,
    realCargoQualityId: values.realCargoQualityId,
    realCargoPrice: (values.realCargoPrice === null ? null : toMinorUnits(values.realCargoPrice)) as number,
    realCargoQuantity: (values.realCargoQuantity === null ? null : tonnesToKg(values.realCargoQuantity)) as number,
    purchaseDeductions: minorOrNull(values.purchaseDeductions),
    salesDeductions: minorOrNull(values.salesDeductions),
    transportDeductions: minorOrNull(values.transportDeductions),
    details: values.details.trim() ? values.details.trim() : null,
    overDeliveryNote: values.overDeliveryNote.trim() ? values.overDeliveryNote.trim() : null,
    labResults: toLabResults(values.labResults),
  };
}

/**
 * The statement rows the delivery will create, computed by the server's own rule (deliveryTransactions)
 * from what is typed, so the live paid weight, prices, lines and each side's own deduction are the ones the server
 * will store.
 */
export function previewRows(
  transport: TransportResponse,
  values: DeliveredFormValues,
  terms: { purchase: SideTerms; sales: SideTerms },
) {
  if (values.realCargoQuantity === null) return null;
  const body = toDeliveredRequest(values);
  const [purchase, sales, freight] = deliveryTransactions({
    transport: { ...transport, cargoQuantityKg: transport.cargoQuantity },
    purchase: {
      id: transport.purchaseId,
      counterpartyId: transport.purchaseSupplier.contractorId,
      price: transport.purchasePrice,
      currency: transport.purchaseCurrency,
      rawMaterialQualityId: transport.purchaseQualityId,
      qualityTerms: terms.purchase.main,
      additionalOptions: terms.purchase.additional,
    },
    sale: {
      id: transport.salesId,
      counterpartyId: transport.salesRecipient.contractorId,
      price: transport.salesPrice,
      currency: transport.salesCurrency,
      rawMaterialQualityId: transport.salesQualityId,
      qualityTerms: terms.sales.main,
      additionalOptions: terms.sales.additional,
    },
    unloading: {
      id: 0,
      unloadingDate: body.unloadingDate ?? '',
      realCargoQuantityKg: body.realCargoQuantity,
      realCargoPrice: body.realCargoPrice ?? transport.purchasePrice,
      realCargoQualityId: body.realCargoQualityId,
      purchaseDeductions: body.purchaseDeductions,
      salesDeductions: body.salesDeductions,
      transportDeductions: body.transportDeductions,
      details: null,
      labResults: body.labResults,
    },
    accountingMethodOf: () => null,
  });
  return {
    purchase: purchase!,
    sales: sales!,
    transport: freight!,
    isPurchasePriceTyped: values.realCargoPrice !== null,
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

export const deliveredFormSchema = formSchemaOf(TransportDeliveredRequestSchema, toDeliveredRequest, labResultIssues);

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
