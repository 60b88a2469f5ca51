import type { ContractStatus } from '../enums.js';
import type { MessageCode } from '../message-codes.js';
import { NOTE_MIN } from '../validation.js';
import { isGrowthWithinTolerance, type ToleranceTerms } from './tolerance.js';

/** Pure allocation rules (RULES.md Allocations) on kilograms: the server refuses with them, the web warns with them. */

/** RULES.md Allocations: allocating is possible only while both contracts are in one of these statuses. */
export const ALLOCATABLE_STATUSES = ['NEW', 'NEXT_SEASON', 'ACTIVE'] as const satisfies readonly ContractStatus[];

export function isAllocatableStatus(status: ContractStatus): boolean {
  return (ALLOCATABLE_STATUSES as readonly ContractStatus[]).includes(status);
}

type Flags = { isGmp: boolean; isCert: boolean };

/** RULES.md Allocations: which of the sale's requirements (GMP, certificate) the purchase lacks. */
export function gmpCertGaps(sale: Flags, purchase: Flags) {
  const missingGmp = sale.isGmp && !purchase.isGmp;
  const missingCert = sale.isCert && !purchase.isCert;
  return { missingGmp, missingCert, hasMismatch: missingGmp || missingCert };
}

/** RULES.md Allocations: the sale needs GMP or a certificate that the purchase lacks, so a note is required. */
export function isGmpCertMismatch(sale: Flags, purchase: Flags): boolean {
  return gmpCertGaps(sale, purchase).hasMismatch;
}

/** A note of explanation (spec/2 section 9): at least NOTE_MIN characters once trimmed. */
export function isConfirmationNoteSufficient(note: string | null | undefined): boolean {
  return (note?.trim().length ?? 0) >= NOTE_MIN;
}

/** RULES.md Allocations: a pair whose sale needs GMP or a certificate the purchase lacks needs a 10+ note. */
export function isAllocationNoteMissing(sale: Flags, purchase: Flags, note: string | null | undefined): boolean {
  return isGmpCertMismatch(sale, purchase) && !isConfirmationNoteSufficient(note);
}

/** What a pair already carries: planned kg of its NEW and ON_THE_WAY transports plus delivered kg. */
export interface PairLoad {
  plannedNewKg: number;
  inDeliveryKg: number;
  deliveredKg: number;
}

/**
 * RULES.md Allocations: an edit may not go below what the pair has in transport or delivered, i.e. the planned
 * quantity of its NEW and ON_THE_WAY transports plus its delivered quantity (RULES.md Transports counts the same).
 */
export function allocationFloorKg(load: PairLoad): number {
  return load.plannedNewKg + load.inDeliveryKg + load.deliveredKg;
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
  /** allocationFloorKg of the pair (0 when there is none). */
  floorKg: number;
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
  if (requestedKg < check.floorKg) return 'ALLOCATE_QUANTITY_IS_TO_BIG';
  const growthKg = requestedKg - currentPairKg;
  if (!isGrowthWithinTolerance(purchase, growthKg) || !isGrowthWithinTolerance(sale, growthKg)) {
    return 'ALLOCATE_QUANTITY_IS_TO_BIG';
  }
  if (requestedKg > 0 && isAllocationNoteMissing(sale, purchase, check.confirmationNote)) {
    return 'GMP_CERT_NOT_SATISFIED';
  }
  return null;
}
