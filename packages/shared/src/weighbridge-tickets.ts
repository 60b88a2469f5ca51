import { z } from 'zod';
import { TRANSIT_TOLERANCE_BP_MAX } from './rules/transit.js';
import { MAX_STRING, NOTE_MIN, optionalString, positiveId, V } from './validation.js';
import { SCALE_CAPACITY_MAX_KG } from './weighbridge.js';

/**
 * Weighbridge tickets (CONTRIBUTING.md Weighbridge): one ticket per weighing of a transport's truck, on the loading
 * or the unloading side, numbered in its own series, never edited once closed (a correction is a new ticket that
 * cancels the old one; both kept).
 */
export const WEIGHBRIDGE_SIDES = ['LOADING', 'UNLOADING'] as const;
export type WeighbridgeSide = (typeof WEIGHBRIDGE_SIDES)[number];
export const WEIGHBRIDGE_TICKET_STATUSES = ['OPEN', 'CLOSED', 'CANCELLED'] as const;
export type WeighbridgeTicketStatus = (typeof WEIGHBRIDGE_TICKET_STATUSES)[number];
export const WEIGHING_SOURCES = ['indicator', 'manual'] as const;

/** The series when company settings name none: `KW/2026/0001`. */
export const WEIGHBRIDGE_TICKET_SERIES_DEFAULT = 'KW/{RRRR}/{NR}';

const weightKg = z
  .number({ error: V.wrongType })
  .int(V.integer)
  .min(0, V.nonNegative)
  .max(SCALE_CAPACITY_MAX_KG, V.tooBig);

export const CreateWeighbridgeTicketRequestSchema = z.strictObject({
  transportId: positiveId,
  side: z.enum(WEIGHBRIDGE_SIDES, { error: V.oneOf }),
  /** The transport's truck and driver unless given (a trailer swapped at the gate). */
  registrationNumber: optionalString(),
  driverName: optionalString(),
});
export type CreateWeighbridgeTicketRequest = z.infer<typeof CreateWeighbridgeTicketRequestSchema>;

/**
 * A weighing: from the configured scale. `weightKg` is the operator's entry off the display, required when the scale
 * is manual and ignored when the indicator is read over the network.
 */
export const WeighRequestSchema = z.strictObject({
  weightKg: z.unknown().optional(),
});
export type WeighRequest = z.infer<typeof WeighRequestSchema>;

/** A correction of a closed ticket: the weights as they should have been and why (10+ characters). */
export const CorrectWeighbridgeTicketRequestSchema = z.strictObject({
  grossKg: weightKg,
  tareKg: weightKg,
  reason: z.string({ error: V.wrongType }).trim().min(NOTE_MIN, V.noteTooShort).max(MAX_STRING, V.maxLength),
  registrationNumber: optionalString(),
  driverName: optionalString(),
});
export type CorrectWeighbridgeTicketRequest = z.infer<typeof CorrectWeighbridgeTicketRequestSchema>;

export const WeighbridgeTicketSchema = z.object({
  id: z.number(),
  number: z.string(),
  transportId: z.number(),
  side: z.enum(WEIGHBRIDGE_SIDES),
  status: z.enum(WEIGHBRIDGE_TICKET_STATUSES),
  registrationNumber: z.string(),
  driverName: z.string().nullable(),
  scaleName: z.string(),
  grossKg: z.number().nullable(),
  grossAt: z.string().nullable(),
  grossSource: z.enum(WEIGHING_SOURCES).nullable(),
  tareKg: z.number().nullable(),
  tareAt: z.string().nullable(),
  tareSource: z.enum(WEIGHING_SOURCES).nullable(),
  netKg: z.number().nullable(),
  operatorName: z.string(),
  closedAt: z.string().nullable(),
  correctsTicketId: z.number().nullable(),
  correctsTicketNumber: z.string().nullable(),
  correctionReason: z.string().nullable(),
  cancelledByTicketId: z.number().nullable(),
  createdAt: z.string(),
});
export type WeighbridgeTicket = z.infer<typeof WeighbridgeTicketSchema>;

export const TransitDifferenceSchema = z.object({
  loadingNetKg: z.number(),
  unloadingNetKg: z.number(),
  differenceKg: z.number(),
  differenceBp: z.number(),
  toleranceBp: z.number(),
  isAboveTolerance: z.boolean(),
});

/** A transport's tickets, newest first, and the transit difference once both sides have a closed ticket. */
export const TransportTicketsResponseSchema = z.object({
  tickets: z.array(WeighbridgeTicketSchema),
  /** The closed unloading ticket's net weight: what the delivered form starts with. */
  unloadingNetKg: z.number().nullable(),
  loadingNetKg: z.number().nullable(),
  transit: TransitDifferenceSchema.nullable(),
  toleranceBp: z.number(),
});
export type TransportTicketsResponse = z.infer<typeof TransportTicketsResponseSchema>;

export const ScaleReadingResponseSchema = z.object({
  scale: z.string(),
  grossKg: z.number(),
  isStable: z.literal(true),
  at: z.string(),
  source: z.enum(WEIGHING_SOURCES),
});

/** The scale the server reads (no host or port: they are the deploy's). */
export const ScaleInfoResponseSchema = z.object({
  name: z.string(),
  isManual: z.boolean(),
  capacityKg: z.number(),
  divisionKg: z.number(),
});
export type ScaleInfoResponse = z.infer<typeof ScaleInfoResponseSchema>;

/** A raw material's transit tolerance (cargo params), in basis points of the loaded net weight. */
export const TransitToleranceRequestSchema = z.strictObject({
  transitToleranceBp: z
    .number({ error: V.wrongType })
    .int(V.integer)
    .min(0, V.nonNegative)
    .max(TRANSIT_TOLERANCE_BP_MAX, V.tooBig),
});
export type TransitToleranceRequest = z.infer<typeof TransitToleranceRequestSchema>;
export const TransitToleranceResponseSchema = z.object({
  rawMaterialId: z.number(),
  transitToleranceBp: z.number(),
});
export type TransitToleranceResponse = z.infer<typeof TransitToleranceResponseSchema>;

/** How a ticket is printed: a sheet (A4, A5) or the 80 mm paper of a receipt printer. */
export const TICKET_PRINT_LAYOUTS = ['A4', 'A5', 'RECEIPT'] as const;
export type TicketPrintLayout = (typeof TICKET_PRINT_LAYOUTS)[number];
export const WeighbridgeTicketPdfQuerySchema = z.strictObject({
  layout: z.enum(TICKET_PRINT_LAYOUTS, { error: V.oneOf }).default('A5'),
});
