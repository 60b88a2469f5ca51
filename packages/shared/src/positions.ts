import { z } from 'zod';
import { isoDateField, V } from './validation.js';

/** POST /dashboard/position: optional receipt-date range; from after to is DATE_FROM_CANNOT_BE_AFTER_TO. */
export const PositionRequestSchema = z.strictObject({
  dateFrom: isoDateField.nullish(),
  dateTo: isoDateField.nullish(),
  /**
   * In paid tonnes: each contract's quantity less the weight its deliveries' quality lines took (one
   * stored settlement per unloading); left out, the contract quantities as before.
   */
  isPaidWeight: z.boolean({ error: V.wrongType }).default(false),
});
export type PositionRequest = z.infer<typeof PositionRequestSchema>;

export const PositionDetailSchema = z.object({
  id: z.number(),
  title: z.string(),
  purchase: z.number(),
  sales: z.number(),
});

/** spec/1 section 3 Position: quantities in kilograms; long/short = purchase − sales. */
export const PositionSchema = z.object({
  id: z.number(),
  name: z.string(),
  translatePl: z.string(),
  purchase: z.number(),
  sales: z.number(),
  details: z.array(PositionDetailSchema),
});
export type Position = z.infer<typeof PositionSchema>;
export const PositionListResponseSchema = z.array(PositionSchema);

/** Beyond the spec: purchase against sales per month of receipt, contracts spread evenly over their receipt days. */
export const POSITION_TIMELINE_MONTHS = 6;
export const PositionTimelineRequestSchema = z.strictObject({
  from: isoDateField.nullish(),
  months: z
    .number({ error: V.wrongType })
    .int(V.integer)
    .min(1, V.tooSmall)
    .max(24, V.tooBig)
    .default(POSITION_TIMELINE_MONTHS),
});
export const PositionTimelineSchema = z.object({
  rawMaterialId: z.number(),
  months: z.array(z.object({ month: z.string(), purchase: z.number(), sales: z.number() })),
});
export const PositionTimelineResponseSchema = z.array(PositionTimelineSchema);
export type PositionTimeline = z.infer<typeof PositionTimelineSchema>;

export function longShort(position: { purchase: number; sales: number }): number {
  return position.purchase - position.sales;
}

/** The contract-list link of a position figure (spec/1 Positions): NEW and ACTIVE, the raw material and quality. */
export function positionListLink(side: 'purchase' | 'sales', rawMaterialId: number, qualityId?: number): string {
  const params = new URLSearchParams();
  params.set('limit', '10');
  params.set('offset', '0');
  params.append('filter_contractStatus[]', 'NEW');
  params.append('filter_contractStatus[]', 'ACTIVE');
  params.set('filter_rawMaterialId', String(rawMaterialId));
  if (qualityId !== undefined) params.append('filter_rawMaterialQualityId[]', String(qualityId));
  return `/contract/${side === 'purchase' ? 'purchase-list' : 'sale-list'}?${params.toString()}`;
}
