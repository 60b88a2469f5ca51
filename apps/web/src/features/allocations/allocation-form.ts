import {
  type AllocateContractRequest,
  type AllocationContract,
  allocationFloorKg,
  allocationRefusal,
  gmpCertGaps,
  kgToTonnes,
  MAX_STRING,
  type MessageCode,
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
  'rawMaterialId' | 'status' | 'isGmp' | 'isCert' | 'toAllocate' | 'allocated' | 'toleranceUpperLimit'
>;
export type AllocationPurchase = Pick<
  PurchaseToAllocateRow,
  | 'id'
  | 'rawMaterialId'
  | 'status'
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
  /** Both contracts as the shared allocationRefusal reads them, allocated totals before the change. */
  purchase: AllocationContract;
  sale: AllocationContract;
  /** allocationFloorKg of the pair: planned NEW, in delivery and delivered; an edit cannot go below it. */
  transportedKg: number;
  /** The sale's requirements the purchase does not meet. */
  missingGmp: boolean;
  missingCert: boolean;
  /** RULES.md Allocations: either of the above, so a confirmation note is required. */
  hasMismatch: boolean;
}

/**
 * A contract as allocationRefusal reads it. The answers carry the upper tolerance limit the server computed
 * (toleranceUpperLimitKg), not the terms; terms without tolerance whose quantity is that limit give the same limit
 * (RULES.md Contracts, Tolerance: without tolerance the limit is the quantity), so the shared rule checks the
 * growth against exactly the server's limit.
 */
function allocationContract(
  contract: Pick<AllocationSale, 'rawMaterialId' | 'status' | 'isGmp' | 'isCert' | 'allocated' | 'toleranceUpperLimit'>,
): AllocationContract {
  return {
    rawMaterialId: contract.rawMaterialId,
    status: contract.status,
    isGmp: contract.isGmp,
    isCert: contract.isCert,
    allocatedKg: contract.allocated,
    cargoQuantityKg: contract.toleranceUpperLimit,
    isTolerance: false,
    toleranceUnit: null,
    toleranceQuantity: null,
  };
}

export function allocationContext(sale: AllocationSale, purchase: AllocationPurchase): AllocationContext {
  const currentKg = purchase.allocationId === null ? 0 : purchase.allocatedOnPurchase;
  return {
    isEdit: purchase.allocationId !== null,
    currentKg,
    purchaseLeftKg: purchase.cargoQuantity - purchase.allocated + currentKg,
    saleLeftKg: sale.toAllocate + currentKg,
    purchase: allocationContract(purchase),
    sale: allocationContract(sale),
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

/**
 * What the server would refuse for this quantity and note: the shared rule it refuses with (RULES.md Allocations,
 * packages/shared/src/rules/allocations.ts), so the modal warns exactly where the server refuses. Null without a
 * quantity or when the server takes it.
 */
export function allocationWarning(kg: number | null, note: string | null, context: AllocationContext) {
  if (kg === null) return null;
  return allocationRefusal({
    purchase: context.purchase,
    sale: context.sale,
    currentPairKg: context.currentKg,
    requestedKg: kg,
    floorKg: context.transportedKg,
    confirmationNote: note,
  });
}

/** RULES.md Allocations: an edit may not go below allocationFloorKg (the server's ALLOCATE_QUANTITY_IS_TO_BIG). */
export function isBelowTransported(kg: number | null, context: AllocationContext): boolean {
  return kg !== null && context.isEdit && kg < context.transportedKg;
}

/**
 * Past an upper tolerance limit the server refuses with ALLOCATE_QUANTITY_IS_TO_BIG; said in the warning. The floor
 * gives the same code and has its own warning, so it is told apart; the note is not asked here.
 */
export function isOverToleranceLimit(kg: number | null, context: AllocationContext): boolean {
  return allocationWarning(kg, null, context) === 'ALLOCATE_QUANTITY_IS_TO_BIG' && !isBelowTransported(kg, context);
}

/** Refusals the modal cannot fix by a quantity or a note (another raw material, a closed contract). */
export function blockingRefusal(context: AllocationContext): MessageCode | null {
  const refusal = allocationWarning(context.currentKg, null, context);
  return refusal === 'CONTRACT_IS_NOT_COMPATIBLE' || refusal === 'WRONG_STATUS' ? refusal : null;
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
      if (needsMismatchStep(kg, context) && isNoteRefused(kg, values.confirmationNote, context)) {
        ctx.addIssue({ code: 'custom', path: ['confirmationNote'], message: V.noteTooShort });
      }
    });
}

/** The note part of allocationRefusal, asked with a quantity that passes the earlier steps (the pair's own). */
function isNoteRefused(kg: number | null, note: string, context: AllocationContext): boolean {
  const quantityKg = kg === null ? null : Math.max(kg, context.transportedKg, 1);
  const sameSize = { ...context, currentKg: quantityKg ?? 0 };
  return allocationWarning(quantityKg, note, sameSize) === 'GMP_CERT_NOT_SATISFIED';
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
