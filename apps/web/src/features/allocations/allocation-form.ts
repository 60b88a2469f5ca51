import {
  type AllocateContractRequest,
  allocationFloorKg,
  gmpCertGaps,
  isConfirmationNoteSufficient,
  isGrowthWithinLimit,
  kgToTonnes,
  MAX_STRING,
  type PurchaseToAllocateRow,
  type SalesDashboardResponse,
  tonnesToKg,
  V,
} from '@grain/shared';
import { z } from 'zod';

/**
 * The allocation modal (spec/1 section 4 Allocation modal, section 5 Allocation). The quantity is typed in tonnes
 * and sent in kilograms. The rules are the shared ones (packages/shared/src/rules/allocations.ts and tolerance.ts)
 * that the server refuses with, so the modal warns exactly where the server refuses.
 */

/** The to-assign table reads the gaps from here too (RULES.md Allocations, shared rule). */
export { gmpCertGaps };

export type AllocationSale = Pick<
  SalesDashboardResponse,
  'isGmp' | 'isCert' | 'toAllocate' | 'allocated' | 'toleranceUpperLimit'
>;
export type AllocationPurchase = Pick<
  PurchaseToAllocateRow,
  | 'id'
  | 'isGmp'
  | 'isCert'
  | 'cargoQuantity'
  | 'allocated'
  | 'toleranceUpperLimit'
  | 'allocationId'
  | 'allocatedOnPurchase'
  | 'plannedOnPurchase'
  | 'inDeliveryOnPurchase'
  | 'deliveredOnPurchase'
  | 'confirmationNote'
>;

/** What one pair can take, all in kilograms, with the pair's own allocation counted back in. */
export interface AllocationContext {
  isEdit: boolean;
  currentKg: number;
  /** Plain quantity left: purchase quantity − allocated elsewhere; sale toAllocate + this pair. */
  purchaseLeftKg: number;
  saleLeftKg: number;
  /** The upper tolerance limits and allocated totals the server checks the growth against. */
  purchaseLimit: { upperLimitKg: number; allocatedKg: number };
  saleLimit: { upperLimitKg: number; allocatedKg: number };
  /** allocationFloorKg of the pair: planned NEW, in delivery and delivered; an edit cannot go below it. */
  transportedKg: number;
  /** The sale's requirements the purchase does not meet. */
  missingGmp: boolean;
  missingCert: boolean;
  /** RULES.md Allocations: either of the above, so a confirmation note is required. */
  hasMismatch: boolean;
}

export function allocationContext(sale: AllocationSale, purchase: AllocationPurchase): AllocationContext {
  const currentKg = purchase.allocationId === null ? 0 : purchase.allocatedOnPurchase;
  return {
    isEdit: purchase.allocationId !== null,
    currentKg,
    purchaseLeftKg: purchase.cargoQuantity - purchase.allocated + currentKg,
    saleLeftKg: sale.toAllocate + currentKg,
    purchaseLimit: { upperLimitKg: purchase.toleranceUpperLimit, allocatedKg: purchase.allocated },
    saleLimit: { upperLimitKg: sale.toleranceUpperLimit, allocatedKg: sale.allocated },
    transportedKg: allocationFloorKg({
      plannedNewKg: purchase.plannedOnPurchase,
      inDeliveryKg: purchase.inDeliveryOnPurchase,
      deliveredKg: purchase.deliveredOnPurchase,
    }),
    ...gmpCertGaps(sale, purchase),
  };
}

export type QuantityWarning = 'purchase' | 'sale' | 'both';

/** RULES.md Allocations: the web app warns when the plain quantity is passed, on either side or both. */
export function quantityWarning(kg: number | null, context: AllocationContext): QuantityWarning | null {
  if (kg === null) return null;
  const isOverPurchase = kg > context.purchaseLeftKg;
  const isOverSale = kg > context.saleLeftKg;
  if (isOverPurchase && isOverSale) return 'both';
  if (isOverPurchase) return 'purchase';
  if (isOverSale) return 'sale';
  return null;
}

/** Past an upper tolerance limit the server refuses with ALLOCATE_QUANTITY_IS_TO_BIG; said in the warning. */
export function isOverToleranceLimit(kg: number | null, context: AllocationContext): boolean {
  if (kg === null) return false;
  const growthKg = kg - context.currentKg;
  const fits = (limit: AllocationContext['purchaseLimit']) =>
    isGrowthWithinLimit(limit.upperLimitKg, limit.allocatedKg, growthKg);
  return !fits(context.purchaseLimit) || !fits(context.saleLimit);
}

/** RULES.md Allocations: an edit may not go below allocationFloorKg (the server's ALLOCATE_QUANTITY_IS_TO_BIG). */
export function isBelowTransported(kg: number | null, context: AllocationContext): boolean {
  return kg !== null && context.isEdit && kg < context.transportedKg;
}

/** The mismatch step (explanation note) follows only when something is allocated, not on removal. */
export function needsMismatchStep(kg: number | null, context: AllocationContext): boolean {
  return context.hasMismatch && kg !== null && kg > 0;
}

export interface AllocationFormValues extends Record<string, unknown> {
  /** Tonnes, as typed. Named as the request field so server field errors land on it. */
  cargoQuantity: number | null;
  confirmationNote: string;
}

export function initialAllocationValues(purchase: AllocationPurchase): AllocationFormValues {
  const isEdit = purchase.allocationId !== null;
  return {
    cargoQuantity: isEdit ? kgToTonnes(purchase.allocatedOnPurchase) : null,
    confirmationNote: (isEdit ? purchase.confirmationNote : null) ?? '',
  };
}

const kgOfValue = (tonnes: number | null) => (tonnes === null ? null : tonnesToKg(tonnes));

/** spec/1 section 5 Allocation: positive on add, zero or more on edit; the note of 10+ characters on a mismatch. */
export function allocationFormSchema(context: AllocationContext) {
  const quantity = z.number({ error: (issue) => (issue.input == null ? V.required : V.wrongType) });
  return z
    .object({
      cargoQuantity: context.isEdit ? quantity.min(0, V.nonNegative) : quantity.positive(V.positive),
      confirmationNote: z.string().max(MAX_STRING, V.maxLength),
    })
    .superRefine((values, ctx) => {
      const kg = kgOfValue(values.cargoQuantity);
      if (!context.isEdit && kg === 0) ctx.addIssue({ code: 'custom', path: ['cargoQuantity'], message: V.positive });
      if (needsMismatchStep(kg, context) && !isConfirmationNoteSufficient(values.confirmationNote)) {
        ctx.addIssue({ code: 'custom', path: ['confirmationNote'], message: V.noteTooShort });
      }
    });
}

export type AllocationAction = 'create' | 'update' | 'remove';

export function allocationAction(values: AllocationFormValues, context: AllocationContext): AllocationAction {
  if (!context.isEdit) return 'create';
  return kgOfValue(values.cargoQuantity) === 0 ? 'remove' : 'update';
}

/** The request in kilograms; the note goes only with a mismatch and never with a removal (spec/2). */
export function toAllocateRequest(
  values: AllocationFormValues,
  purchaseId: number,
  context: AllocationContext,
): AllocateContractRequest {
  const cargoQuantity = kgOfValue(values.cargoQuantity) ?? 0;
  const note = values.confirmationNote.trim();
  return {
    purchaseId,
    cargoQuantity,
    confirmationNote: needsMismatchStep(cargoQuantity, context) && note ? note : null,
  };
}
