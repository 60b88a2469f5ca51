import {
  type AllocateContractRequest,
  isConfirmationNoteSufficient,
  isGmpCertMismatch,
  kgToTonnes,
  MAX_STRING,
  type PurchaseToAllocateRow,
  type SalesDashboardResponse,
  tonnesToKg,
  V,
} from '@grain/shared';
import { z } from 'zod';

/**
 * The allocation modal's rules (spec/1 section 4 Allocation modal, section 5 Allocation; RULES.md Allocations).
 * The quantity is typed in tonnes and sent in kilograms. The web app only warns about quantities: the server
 * enforces the tolerance limits.
 */

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
  | 'upperToleranceLimit'
  | 'allocationId'
  | 'allocatedOnPurchase'
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
  /** Up to the upper tolerance limits (what the server allows). */
  purchaseLimitLeftKg: number;
  saleLimitLeftKg: number;
  /** In delivery and delivered on the pair: an edit cannot go below it. */
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
    purchaseLimitLeftKg: purchase.upperToleranceLimit - purchase.allocated + currentKg,
    saleLimitLeftKg: sale.toleranceUpperLimit - sale.allocated + currentKg,
    transportedKg: purchase.inDeliveryOnPurchase + purchase.deliveredOnPurchase,
    ...gmpCertGaps(sale, purchase),
  };
}

type Flags = { isGmp: boolean; isCert: boolean };

/** RULES.md Allocations: which of the sale's requirements the purchase lacks. */
export function gmpCertGaps(sale: Flags, purchase: Flags) {
  return {
    missingGmp: sale.isGmp && !purchase.isGmp,
    missingCert: sale.isCert && !purchase.isCert,
    hasMismatch: isGmpCertMismatch(sale, purchase),
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
  if (kg === null || kg <= context.currentKg) return false;
  return kg > context.purchaseLimitLeftKg || kg > context.saleLimitLeftKg;
}

/** RULES.md Allocations: an edit may not go below what the pair has in transport or delivered. */
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
