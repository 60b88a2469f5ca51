import { z } from 'zod';
import { lineValue } from './rules/settlements.js';
import { nonNegativeAmount, optionalString, V } from './validation.js';

/**
 * A "do decyzji" unloading (a lab result beyond a rejection limit, RULES.md Transports Quality) is decided by a
 * person: ACCEPT keeps the delivery, with a discount per tonne on the rows whose terms flagged it; REJECT sends the
 * truck back (RETURN_TO_CLIENT with the reason); REDIRECT records where the goods go, the change itself made by the
 * statement's move of the sales row (RULES.md Settlements: Move).
 */
export const TRANSPORT_DECISIONS = ['ACCEPT', 'REJECT', 'REDIRECT'] as const;
export type TransportDecision = (typeof TRANSPORT_DECISIONS)[number];

/** The shortest reason or note a decision keeps (as the confirmation notes, RULES.md Allocations). */
export const DECISION_NOTE_MIN = 10;

export const TransportDecisionRequestSchema = z
  .strictObject({
    decision: z.enum(TRANSPORT_DECISIONS, { error: V.oneOf }),
    /** Why: required for REJECT (the truck goes back) and REDIRECT (where to); a note on ACCEPT. */
    reason: optionalString(),
    /** ACCEPT: grosze per tonne off the price of each row whose terms flagged the unloading (0: none). */
    discountPerTon: nonNegativeAmount.nullish().transform((value) => value ?? 0),
  })
  .superRefine((body, ctx) => {
    const isReasonNeeded = body.decision !== 'ACCEPT';
    if (isReasonNeeded && !body.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: V.required });
    else if (isReasonNeeded && (body.reason?.length ?? 0) < DECISION_NOTE_MIN) {
      ctx.addIssue({ code: 'custom', path: ['reason'], message: V.minLength });
    }
    if (body.decision !== 'ACCEPT' && body.discountPerTon > 0) {
      ctx.addIssue({ code: 'custom', path: ['discountPerTon'], message: V.oneOf });
    }
  });
export type TransportDecisionRequest = z.infer<typeof TransportDecisionRequestSchema>;

/**
 * ACCEPT with a discount: the money off one flagged statement row, its real kg at `discountPerTon` (RULES.md
 * Settlements: value = kg × price per tonne / 1000, rounded to minor units), added to the row's deductions as the
 * quality lines' discounts are.
 */
export function acceptDiscount(realKg: number, discountPerTon: number): number {
  return lineValue(realKg, discountPerTon);
}
