import {
  ALLOCATABLE_STATUSES,
  type ContractStatus,
  isConfirmationNoteSufficient,
  isGmpCertMismatch,
  type MessageCode,
  toleranceUpperLimitKg,
} from '@grain/shared';

/** The contract terms the tolerance limit depends on (kg; toleranceQuantity is hundredths of a percent for PERCENT). */
export interface ToleranceTerms {
  cargoQuantityKg: number;
  isTolerance: boolean;
  toleranceQuantity: number | null;
  toleranceUnit: 'T' | 'PERCENT' | null;
}

/** RULES.md Contracts, Tolerance: one implementation, shared with the contracts module and the web app. */
export const upperToleranceLimitKg = toleranceUpperLimitKg;

export function isAllocatableStatus(status: ContractStatus): boolean {
  return (ALLOCATABLE_STATUSES as readonly ContractStatus[]).includes(status);
}

/** The contract side of an allocation check: its terms, status, flags and allocated total before the change. */
export interface AllocationContract extends ToleranceTerms {
  rawMaterialId: number;
  status: ContractStatus;
  isGmp: boolean;
  isCert: boolean;
  allocatedKg: number;
}

export interface AllocationCheck {
  purchase: AllocationContract;
  sale: AllocationContract;
  /** The pair's allocation before the change (0 when there is none). */
  currentPairKg: number;
  requestedKg: number;
  /** What the pair already has moving or delivered: planned kg of NEW and ON_THE_WAY transports plus delivered kg. */
  pairInTransportOrDeliveredKg: number;
  confirmationNote: string | null;
}

/**
 * RULES.md Allocations, in order: same raw material, both contracts allocatable, not below what the pair has
 * in transport or delivered, neither contract's sum past its upper tolerance limit, GMP/cert mismatch note.
 * The limits are checked only when the pair grows: shrinking never makes a contract worse.
 */
export function allocationRefusal(check: AllocationCheck): MessageCode | null {
  const { purchase, sale, currentPairKg, requestedKg } = check;
  if (purchase.rawMaterialId !== sale.rawMaterialId) return 'CONTRACT_IS_NOT_COMPATIBLE';
  if (!isAllocatableStatus(purchase.status) || !isAllocatableStatus(sale.status)) return 'WRONG_STATUS';
  if (requestedKg < check.pairInTransportOrDeliveredKg) return 'ALLOCATE_QUANTITY_IS_TO_BIG';
  const growthKg = requestedKg - currentPairKg;
  if (growthKg > 0) {
    if (purchase.allocatedKg + growthKg > upperToleranceLimitKg(purchase)) return 'ALLOCATE_QUANTITY_IS_TO_BIG';
    if (sale.allocatedKg + growthKg > upperToleranceLimitKg(sale)) return 'ALLOCATE_QUANTITY_IS_TO_BIG';
  }
  if (requestedKg > 0 && isGmpCertMismatch(sale, purchase) && !isConfirmationNoteSufficient(check.confirmationNote)) {
    return 'GMP_CERT_NOT_SATISFIED';
  }
  return null;
}
