import {
  fromMinorUnits,
  isDateBefore,
  isGmpNoteMissing,
  isGmpNotSatisfied,
  type ReallocateCandidate,
  type TransportReallocateRequest,
  TransportReallocateRequestSchema,
  type TransportResponse,
  toMinorUnits,
  V,
} from '@grain/shared';
import { type FormIssue, formSchemaOf } from './form-schema';

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
}

export type ReallocatedTransport = Pick<
  TransportResponse,
  'id' | 'cargoQuantity' | 'dateLoading' | 'dateUnloading' | 'pricePerTon' | 'comment' | 'isGmp'
>;

export function defaultReallocateValues(transport: ReallocatedTransport): ReallocateFormValues {
  return {
    newSalesId: null,
    dateUnloading: transport.dateUnloading,
    pricePerTon: transport.pricePerTon > 0 ? fromMinorUnits(transport.pricePerTon) : null,
    comment: transport.comment ?? '',
    confirmationNote: '',
  };
}

/** The new sale requires GMP that the transport lacks: the note of 10+ characters applies. */
export function needsReallocateNote(transport: ReallocatedTransport, sale: Pick<ReallocateCandidate, 'isGmp'> | null) {
  return isGmpNotSatisfied(Boolean(sale?.isGmp), transport.isGmp);
}

export function toReallocateRequest(
  values: ReallocateFormValues,
  transport: ReallocatedTransport,
  sale: Pick<ReallocateCandidate, 'isGmp'> | null,
): TransportReallocateRequest {
  const note = values.confirmationNote.trim();
  return {
    transportId: transport.id,
    newSalesId: values.newSalesId as number,
    dateUnloading: values.dateUnloading as string,
    cargoQuantity: transport.cargoQuantity,
    pricePerTon: (values.pricePerTon === null ? null : toMinorUnits(values.pricePerTon)) as number,
    comment: values.comment.trim() ? values.comment.trim() : null,
    confirmationNote: needsReallocateNote(transport, sale) && note ? note : null,
  };
}

function reallocateIssues(
  body: TransportReallocateRequest,
  transport: ReallocatedTransport,
  sale: Pick<ReallocateCandidate, 'isGmp'> | null,
): FormIssue[] {
  const issues: FormIssue[] = [];
  if (body.dateUnloading && isDateBefore(body.dateUnloading, transport.dateLoading)) {
    issues.push({ path: 'dateUnloading', message: V.dateUnloadingIsBefore });
  }
  if (isGmpNoteMissing(Boolean(sale?.isGmp), transport.isGmp, body.confirmationNote)) {
    issues.push({ path: 'confirmationNote', message: body.confirmationNote ? V.noteTooShort : V.required });
  }
  return issues;
}

export function reallocateFormSchema(
  transport: ReallocatedTransport,
  saleOf: (id: number | null) => Pick<ReallocateCandidate, 'isGmp'> | null,
) {
  return formSchemaOf(
    TransportReallocateRequestSchema,
    (values: ReallocateFormValues) => toReallocateRequest(values, transport, saleOf(values.newSalesId)),
    (values, body) => reallocateIssues(body, transport, saleOf(values.newSalesId)),
  );
}
