import {
  fromMinorUnits,
  isConfirmationNoteSufficient,
  isDateBefore,
  isRedirectNoteNeeded,
  type ReallocateCandidate,
  type RedirectCheck,
  type RedirectRefusalCode,
  redirectRefusal,
  type TransportReallocateRequest,
  TransportReallocateRequestSchema,
  type TransportResponse,
  toMinorUnits,
  V,
} from '@grain/shared';
import { type FormIssue, formSchemaOf } from './form-schema';
import { vehicleClashQuery } from './transport-form';

/**
 * The redirect form (spec/1 section 5 Reallocate form; RULES.md Transports: redirect only while ON_THE_WAY).
 * The loading date and the quantity are the transport's and read-only; the price is typed in major units.
 */
export interface ReallocateFormValues extends Record<string, unknown> {
  newSalesId: number | null;
  dateUnloading: string | null;
  /** Major units per tonne. */
  pricePerTon: number | null;
  comment: string;
  confirmationNote: string;
  /** RULES.md Transports: why the truck may be on another transport at the new unloading date. */
  doubleBookingNote: string;
}

export type ReallocatedTransport = Pick<
  TransportResponse,
  | 'id'
  | 'cargoQuantity'
  | 'dateLoading'
  | 'dateUnloading'
  | 'pricePerTon'
  | 'comment'
  | 'isGmp'
  | 'registrationNumber'
  | 'driverDocumentId'
  | 'doubleBookingNote'
> & { purchaseSupplier: Pick<TransportResponse['purchaseSupplier'], 'isGmp' | 'isCert'> };

/** The chosen sale and whether the transport's purchase already has an allocation to it. */
export interface RedirectTarget {
  sale: Pick<ReallocateCandidate, 'status' | 'isGmp' | 'isCert' | 'allocated' | 'toleranceUpperLimit'> | null;
  hasPairAllocation: boolean;
}

function redirectCheckOf(
  transport: ReallocatedTransport,
  sale: NonNullable<RedirectTarget['sale']>,
  hasPairAllocation: boolean,
): Omit<RedirectCheck, 'confirmationNote'> {
  return {
    sale: { ...sale, allocatedKg: sale.allocated, toleranceUpperLimitKg: sale.toleranceUpperLimit },
    purchase: transport.purchaseSupplier,
    transport: { isGmp: transport.isGmp, cargoQuantityKg: transport.cargoQuantity },
    hasPairAllocation,
  };
}

/** What the server would refuse for this sale and note (the shared rule it refuses with); null when it takes it. */
export function redirectWarning(
  transport: ReallocatedTransport,
  { sale, hasPairAllocation }: RedirectTarget,
  confirmationNote: string | null,
): RedirectRefusalCode | null {
  if (!sale) return null;
  return redirectRefusal({ ...redirectCheckOf(transport, sale, hasPairAllocation), confirmationNote });
}

export function defaultReallocateValues(transport: ReallocatedTransport): ReallocateFormValues {
  return {
    newSalesId: null,
    dateUnloading: transport.dateUnloading,
    pricePerTon: transport.pricePerTon > 0 ? fromMinorUnits(transport.pricePerTon) : null,
    comment: transport.comment ?? '',
    confirmationNote: '',
    // As on edit: the stored note is offered again, since the server keeps only the note a redirect sends.
    doubleBookingNote: transport.doubleBookingNote ?? '',
  };
}

/** The transport's truck and driver from its loading date to the dialog's unloading date, itself left out. */
export function redirectClashQuery(
  transport: ReallocatedTransport,
  values: Pick<ReallocateFormValues, 'dateUnloading'>,
) {
  const vehicle = {
    registrationNumber: transport.registrationNumber ?? '',
    driverDocumentId: transport.driverDocumentId ?? '',
    dateLoading: transport.dateLoading,
    dateUnloading: values.dateUnloading,
  };
  return vehicleClashQuery(vehicle, transport.id);
}

/** The sale cannot take the whole transport within its upper tolerance limit (ALLOCATE_QUANTITY_IS_TO_BIG). */
export function isOverSaleTolerance(transport: ReallocatedTransport, sale: NonNullable<RedirectTarget['sale']>) {
  // The status and tolerance rules come first in redirectRefusal, so no pair or note changes this answer.
  return redirectWarning(transport, { sale, hasPairAllocation: true }, null) === 'ALLOCATE_QUANTITY_IS_TO_BIG';
}

/** The note of 10+ characters applies: the new sale's GMP the transport lacks, or a new pair's GMP/cert gap. */
export function needsReallocateNote(transport: ReallocatedTransport, { sale, hasPairAllocation }: RedirectTarget) {
  return sale !== null && isRedirectNoteNeeded(redirectCheckOf(transport, sale, hasPairAllocation));
}

export function toReallocateRequest(
  values: ReallocateFormValues,
  transport: ReallocatedTransport,
  target: RedirectTarget,
): TransportReallocateRequest {
  const note = values.confirmationNote.trim();
  return {
    transportId: transport.id,
    newSalesId: values.newSalesId as number,
    dateUnloading: values.dateUnloading as string,
    cargoQuantity: transport.cargoQuantity,
    pricePerTon: (values.pricePerTon === null ? null : toMinorUnits(values.pricePerTon)) as number,
    comment: values.comment.trim() ? values.comment.trim() : null,
    confirmationNote: needsReallocateNote(transport, target) && note ? note : null,
    // Sent as typed: the server keeps it only while the new dates double book the truck.
    doubleBookingNote: values.doubleBookingNote.trim() || null,
  };
}

/** RULES.md Transports, redirect: the sale that would pass its tolerance limit (or cannot take allocations). */
const SALE_REFUSALS: Partial<Record<RedirectRefusalCode, string>> = {
  WRONG_STATUS: 'redirectSaleStatus',
  ALLOCATE_QUANTITY_IS_TO_BIG: 'redirectOverTolerance',
};

function reallocateIssues(
  body: TransportReallocateRequest,
  transport: ReallocatedTransport,
  target: RedirectTarget,
): FormIssue[] {
  const issues: FormIssue[] = [];
  if (body.dateUnloading && isDateBefore(body.dateUnloading, transport.dateLoading)) {
    issues.push({ path: 'dateUnloading', message: V.dateUnloadingIsBefore });
  }
  const refusal = redirectWarning(transport, target, body.confirmationNote);
  const saleRefusal = refusal ? SALE_REFUSALS[refusal] : undefined;
  if (saleRefusal) issues.push({ path: 'newSalesId', message: saleRefusal });
  // The note rules (GMP_CERT_NOT_SATISFIED, GMP_NOT_SATISFIED) are marked even when the sale is refused too.
  if (needsReallocateNote(transport, target) && !isConfirmationNoteSufficient(body.confirmationNote)) {
    issues.push({ path: 'confirmationNote', message: body.confirmationNote ? V.noteTooShort : V.required });
  }
  return issues;
}

export function reallocateFormSchema(transport: ReallocatedTransport, targetOf: () => RedirectTarget) {
  return formSchemaOf(
    TransportReallocateRequestSchema,
    (values: ReallocateFormValues) => toReallocateRequest(values, transport, targetOf()),
    (_values, body) => reallocateIssues(body, transport, targetOf()),
  );
}
