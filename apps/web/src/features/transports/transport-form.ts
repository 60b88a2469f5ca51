import {
  type Currency,
  fromMinorUnits,
  isDateBefore,
  isDoubleBookingNoteMissing,
  isGmpNoteMissing,
  isGmpNotSatisfied,
  kgToTonnes,
  missingOnTheWayFields,
  TRANSPORT_DEFAULT_CARGO_QUANTITY_KG,
  TRANSPORT_DEFAULT_CURRENCY,
  TRANSPORT_DEFAULT_PRICE_PER_TON,
  type TransportCreateRequest,
  TransportCreateRequestSchema,
  type TransportResponse,
  type TransportUpdateRequest,
  todayIso,
  toMinorUnits,
  tonnesToKg,
  V,
} from '@grain/shared';
import { type FormIssue, formSchemaOf } from './form-schema';
import type { TransportPairView } from './transport-pair';

/**
 * The transport form (spec/1 section 5 Transport form; RULES.md Transports). Quantities are typed in tonnes and
 * prices in major units; the request carries kilograms and minor units.
 */
export interface TransportFormValues extends Record<string, unknown> {
  carrierId: number | null;
  registrationNumber: string;
  trailerNumber: string;
  driverName: string;
  phoneNumber: string;
  driverDocumentId: string;
  /** Tonnes. */
  cargoQuantity: number | null;
  /** Major units per tonne. */
  pricePerTon: number | null;
  currency: Currency;
  dateLoading: string | null;
  dateUnloading: string | null;
  isGmp: boolean;
  gmpNumber: string;
  comment: string;
  confirmationNote: string;
  /** RULES.md Transports: why the truck or driver may be on another transport at the same time. */
  doubleBookingNote: string;
  /**
   * The transport is or is about to be ON_THE_WAY ('start on the way', spec/1 section 4): registration, driver,
   * phone and driver document become required. Not sent; on create it picks in-progress-create.
   */
  isOnTheWay: boolean;
}

/** What the form needs besides its values: the pair and whether the sale requires GMP. */
export interface TransportFormContext {
  purchaseId: number;
  salesId: number;
  saleRequiresGmp: boolean;
  /** What the create dialog shows about the pair (purchase → sale, route, tonnes left), as far as the opener knows. */
  pair?: TransportPairView;
}

/** spec/2 section 9 defaults: 25 t, price 0, PLN, loading today. */
export function defaultTransportValues(today = todayIso()): TransportFormValues {
  return {
    carrierId: null,
    registrationNumber: '',
    trailerNumber: '',
    driverName: '',
    phoneNumber: '',
    driverDocumentId: '',
    cargoQuantity: kgToTonnes(TRANSPORT_DEFAULT_CARGO_QUANTITY_KG),
    pricePerTon: fromMinorUnits(TRANSPORT_DEFAULT_PRICE_PER_TON),
    currency: TRANSPORT_DEFAULT_CURRENCY,
    dateLoading: today,
    dateUnloading: null,
    isGmp: false,
    gmpNumber: '',
    comment: '',
    confirmationNote: '',
    doubleBookingNote: '',
    isOnTheWay: false,
  };
}

/** Edit: the transport's values; an ON_THE_WAY transport keeps its driver fields required. */
export function transportValuesOf(transport: TransportResponse, isStartOnTheWay = false): TransportFormValues {
  return {
    carrierId: transport.carrierId,
    registrationNumber: transport.registrationNumber ?? '',
    trailerNumber: transport.trailerNumber ?? '',
    driverName: transport.driverName ?? '',
    phoneNumber: transport.phoneNumber ?? '',
    driverDocumentId: transport.driverDocumentId ?? '',
    cargoQuantity: kgToTonnes(transport.cargoQuantity),
    pricePerTon: fromMinorUnits(transport.pricePerTon),
    currency: transport.currency,
    dateLoading: transport.dateLoading,
    dateUnloading: transport.dateUnloading,
    isGmp: transport.isGmp,
    gmpNumber: transport.gmpNumber ?? '',
    comment: transport.comment ?? '',
    confirmationNote: transport.confirmationNote ?? '',
    doubleBookingNote: transport.doubleBookingNote ?? '',
    isOnTheWay: isStartOnTheWay || transport.status === 'ON_THE_WAY',
  };
}

const textOrNull = (value: string) => (value.trim() ? value.trim() : null);

/**
 * The create request. Missing numbers and dates stay null so the shared schema reports them as required; the GMP
 * number goes only with GMP and the note only when the sale requires GMP that the transport lacks.
 */
export function toTransportRequest(values: TransportFormValues, context: TransportFormContext): TransportCreateRequest {
  const needsNote = isGmpNotSatisfied(context.saleRequiresGmp, values.isGmp);
  return {
    purchaseId: context.purchaseId,
    salesId: context.salesId,
    carrierId: values.carrierId as number,
    registrationNumber: textOrNull(values.registrationNumber),
    trailerNumber: textOrNull(values.trailerNumber),
    driverName: textOrNull(values.driverName),
    phoneNumber: textOrNull(values.phoneNumber),
    driverDocumentId: textOrNull(values.driverDocumentId),
    cargoQuantity: (values.cargoQuantity === null ? null : tonnesToKg(values.cargoQuantity)) as number,
    pricePerTon: (values.pricePerTon === null ? null : toMinorUnits(values.pricePerTon)) as number,
    currency: values.currency,
    dateLoading: values.dateLoading as string,
    dateUnloading: values.dateUnloading as string,
    isGmp: values.isGmp,
    gmpNumber: values.isGmp ? textOrNull(values.gmpNumber) : null,
    comment: textOrNull(values.comment),
    // An expired carrier certificate asks for the note even with the GMP flag on.
    confirmationNote: needsNote || context.saleRequiresGmp ? textOrNull(values.confirmationNote) : null,
    // Sent as typed: the server keeps it only when it is needed to decide a double booking.
    doubleBookingNote: textOrNull(values.doubleBookingNote),
  };
}

export function toTransportUpdateRequest(
  values: TransportFormValues,
  context: TransportFormContext,
  transportId: number,
): TransportUpdateRequest {
  return { ...toTransportRequest(values, context), transportId };
}

/** The rules the request schema cannot check alone: the GMP note and the 'start on the way' fields. */
export function transportFormIssues(
  body: TransportCreateRequest,
  context: TransportFormContext,
  isOnTheWay: boolean,
): FormIssue[] {
  const issues: FormIssue[] = [];
  // The shared schema's own refinements (date order, GMP number) run only once every field parses; repeated
  // here so they show next to the other errors (zodErrors keeps one message per field).
  if (body.dateLoading && body.dateUnloading && isDateBefore(body.dateUnloading, body.dateLoading)) {
    issues.push({ path: 'dateUnloading', message: V.dateUnloadingIsBefore });
  }
  if (body.isGmp && !body.gmpNumber) issues.push({ path: 'gmpNumber', message: V.gmpNumberIsRequired });
  if (isGmpNoteMissing(context.saleRequiresGmp, body.isGmp, body.confirmationNote)) {
    const isEmpty = !body.confirmationNote;
    issues.push({ path: 'confirmationNote', message: isEmpty ? V.required : V.noteTooShort });
  }
  if (isOnTheWay) {
    for (const field of missingOnTheWayFields(body)) issues.push({ path: field, message: V.required });
  }
  return issues;
}

/**
 * RULES.md Transports: the note the double booking the form warns about needs, as the form marks it;
 * null when there is no clash or the note is long enough.
 */
export function doubleBookingNoteIssue(clashCount: number, note: string): FormIssue | null {
  if (!isDoubleBookingNoteMissing(clashCount, note)) return null;
  return { path: 'doubleBookingNote', message: note.trim() ? V.noteTooShort : V.required };
}

/** The truck, driver and dates the vehicle-clashes query asks about (the edited transport left out). */
export function vehicleClashQuery(
  values: Pick<TransportFormValues, 'registrationNumber' | 'driverDocumentId' | 'dateLoading' | 'dateUnloading'>,
  transportId: number | null,
) {
  const registrationNumber = textOrNull(values.registrationNumber);
  const driverDocumentId = textOrNull(values.driverDocumentId);
  if (!registrationNumber && !driverDocumentId) return null;
  return {
    ...(transportId === null ? {} : { transportId }),
    ...(registrationNumber ? { registrationNumber } : {}),
    ...(driverDocumentId ? { driverDocumentId } : {}),
    ...(values.dateLoading ? { dateLoading: values.dateLoading } : {}),
    ...(values.dateUnloading ? { dateUnloading: values.dateUnloading } : {}),
  };
}

export function transportFormSchema(context: TransportFormContext) {
  return formSchemaOf(
    TransportCreateRequestSchema,
    (values: TransportFormValues) => toTransportRequest(values, context),
    (values, body) => transportFormIssues(body, context, values.isOnTheWay),
  );
}

/** Toggling GMP clears what no longer applies: the note when GMP is on, the number when it is off. */
export function withGmpToggled(isGmp: boolean): Partial<TransportFormValues> {
  return isGmp ? { isGmp, confirmationNote: '' } : { isGmp, gmpNumber: '' };
}

export function needsConfirmationNote(values: Pick<TransportFormValues, 'isGmp'>, saleRequiresGmp: boolean): boolean {
  return isGmpNotSatisfied(saleRequiresGmp, values.isGmp);
}

/** A loading date this many days back is most likely mistyped (a month or a year off): saving it asks first. */
export const LONG_PAST_LOADING_DAYS = 30;
const DAY_MS = 86_400_000;

/** The typed loading date lies more than LONG_PAST_LOADING_DAYS before today; an unchanged saved date is not asked again. */
export function isLoadingDateLongPast(
  dateLoading: string | null,
  savedDate: string | null,
  today = todayIso(),
): boolean {
  if (!dateLoading || dateLoading === savedDate) return false;
  const days = (Date.parse(today) - Date.parse(dateLoading)) / DAY_MS;
  return days > LONG_PAST_LOADING_DAYS;
}
