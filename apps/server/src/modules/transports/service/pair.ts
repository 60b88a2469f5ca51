import {
  camelToSnake,
  type DeliveryCounters,
  fitsAllocation,
  isGmpNoteMissing,
  isNoCounterChange,
  missingOnTheWayFields,
  type OnTheWayRequiredField,
  V,
} from '@grain/shared';
import type { Db } from '../../../db/client.js';
import {
  type LockedAllocation,
  type LockedContract,
  lockAllocationsOfPurchase,
  lockContractsInIdOrder,
  RetryWrite,
  shareLockContractors,
} from '../../../db/locks.js';
import { AppError, validationError } from '../../../lib/errors.js';
import * as locks from '../queries/locks.js';
import { addToDeliveryCounters } from '../queries/writes.js';

/** Checks and writes every transport use case shares; each runs inside the caller's transaction. */

export interface LockedPair {
  purchase: LockedContract;
  sale: LockedContract;
  allocation: LockedAllocation | null;
}

/**
 * Locks the pair's two contracts (ascending id, with any extra contract of the change) and then its allocation,
 * with the purchase's allocations to any extra sale of the change (ascending id; `allocationsBySale`).
 * The ids must name a purchase and a sale: CONTRACT_NOT_FOUND otherwise.
 */
export async function lockPair(
  tx: Db,
  purchaseId: number,
  salesId: number,
  extra: { contractIds?: number[]; allocationSalesIds?: number[] } = {},
) {
  const locked = await lockContractsInIdOrder(tx, [purchaseId, salesId, ...(extra.contractIds ?? [])]);
  const purchase = locked.get(purchaseId);
  const sale = locked.get(salesId);
  if (purchase?.type !== 'PURCHASE' || sale?.type !== 'SALES') throw new AppError('CONTRACT_NOT_FOUND');
  const allocationsBySale = await lockAllocationsOfPurchase(tx, purchaseId, [
    salesId,
    ...(extra.allocationSalesIds ?? []),
  ]);
  const allocation = allocationsBySale.get(salesId) ?? null;
  return { pair: { purchase, sale, allocation } satisfies LockedPair, locked, allocationsBySale };
}

/**
 * A transport locked in the global order (db/locks.ts): read without a lock to learn its pair, then the
 * contractors the write references or copies (FOR SHARE: with `shareParties` the carrier and both contracts'
 * counterparties, as a delivery's statement rows copy them), the pair's contracts (with any extra one), its
 * allocation (with the purchase's allocations to any extra sale), and last the transport. A transport redirected or re-assigned meanwhile runs the transaction again.
 */
export async function lockTransportWithPair(
  tx: Db,
  id: number,
  options: {
    shareParties?: boolean;
    extraContractorIds?: number[];
    extraContractIds?: number[];
    extraAllocationSalesIds?: number[];
  } = {},
) {
  const seen = await locks.getTransport(tx, id);
  if (!seen) throw new AppError('TRANSPORT_NOT_FOUND');
  const counterparties = options.shareParties
    ? await locks.counterpartiesOf(tx, [seen.purchaseId, seen.salesId])
    : null;
  await shareLockContractors(tx, [
    ...(counterparties ? [seen.carrierId, ...counterparties.values()] : []),
    ...(options.extraContractorIds ?? []),
  ]);
  const { pair, locked, allocationsBySale } = await lockPair(tx, seen.purchaseId, seen.salesId, {
    contractIds: options.extraContractIds,
    allocationSalesIds: options.extraAllocationSalesIds,
  });
  const transport = await locks.lockTransport(tx, id);
  if (!transport) throw new AppError('TRANSPORT_NOT_FOUND');
  const hasMoved =
    transport.purchaseId !== seen.purchaseId ||
    transport.salesId !== seen.salesId ||
    (counterparties !== null &&
      (transport.carrierId !== seen.carrierId ||
        pair.purchase.counterpartyId !== counterparties.get(pair.purchase.id) ||
        pair.sale.counterpartyId !== counterparties.get(pair.sale.id)));
  if (hasMoved) throw new RetryWrite();
  return { transport, pair, locked, allocationsBySale };
}

/** RULES.md Transports: a transport moves goods of one allocation pair. */
export function allocationOf(pair: LockedPair): LockedAllocation {
  if (!pair.allocation) throw new AppError('ALLOCATION_IS_MISSING');
  return pair.allocation;
}

/**
 * RULES.md Transports: planned NEW and ON_THE_WAY kg plus delivered kg on the pair may not pass the allocation.
 * `transportKg` is the changed transport's share afterwards; the transport itself is left out of the sum.
 */
export async function assertFitsAllocation(
  tx: Db,
  pair: LockedPair,
  transportKg: number,
  transportId: number | null = null,
) {
  const allocation = allocationOf(pair);
  const plannedKg = await locks.plannedKgOfActiveTransports(tx, pair.purchase.id, pair.sale.id, transportId);
  const committedKg = plannedKg + allocation.deliveredKg;
  if (!fitsAllocation({ allocationKg: allocation.quantityKg, committedKg, transportKg })) {
    throw new AppError('TRANSPORT_QUANTITY_IS_TO_BIG');
  }
}

/** RULES.md Transports: the sale requires GMP and the transport has none, so a 10+ character note is needed. */
export function assertGmpNote(saleIsGmp: boolean, transportIsGmp: boolean, confirmationNote: string | null) {
  if (isGmpNoteMissing(saleIsGmp, transportIsGmp, confirmationNote)) throw new AppError('GMP_NOT_SATISFIED');
}

/** RULES.md Transports, GMP_NOT_SATISFIED: the carrier's GMP+ certificate must cover loading to unloading. */
export function carrierGmpCheck(
  saleIsGmp: boolean,
  input: { carrierId: number; dateLoading: string; dateUnloading: string; confirmationNote: string | null },
) {
  return {
    saleIsGmp,
    contractorId: input.carrierId,
    from: input.dateLoading,
    to: input.dateUnloading,
    confirmationNote: input.confirmationNote,
    code: 'GMP_NOT_SATISFIED' as const,
  };
}

/** RULES.md Transports: ON_THE_WAY requires registration number, driver name, phone and document id. */
export function assertOnTheWayFields(transport: Record<OnTheWayRequiredField, string | null | undefined>) {
  const missing = missingOnTheWayFields(transport);
  if (missing.length) {
    throw new AppError(
      'VALUE_IS_MISSING',
      'Required before ON_THE_WAY',
      missing.map((field) => ({ field: camelToSnake(field), code: V.required })),
    );
  }
}

/** spec/1 section 5: unloading not before loading. */
export function assertUnloadingNotBeforeLoading(field: string, dateLoading: string, dateUnloading: string) {
  if (dateUnloading < dateLoading) throw validationError({ field, code: V.dateUnloadingIsBefore });
}

/** The carrier is a contractor (spec/1 section 5: carrierId chooses an item from the list). */
export async function assertCarrierExists(tx: Db, carrierId: number) {
  const found = await locks.contractorsByIds(tx, [carrierId]);
  if (!found.has(carrierId)) throw validationError({ field: 'carrier_id', code: V.chooseItem });
}

/** The transport's counter change applied to its allocation and both contracts (RULES.md Contracts, derived values). */
export async function applyCounterChange(tx: Db, pair: LockedPair, change: DeliveryCounters) {
  if (isNoCounterChange(change)) return;
  const allocation = allocationOf(pair);
  await addToDeliveryCounters(
    tx,
    { allocationId: allocation.id, contractIds: [pair.purchase.id, pair.sale.id] },
    change,
  );
}
