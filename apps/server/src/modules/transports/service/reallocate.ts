import {
  counterChange,
  countersOf,
  isReallocatableTransport,
  NO_COUNTERS,
  redirectRefusal,
  type TransportReallocateRequest,
  type TransportResponse,
  toleranceUpperLimitKg,
  V,
} from '@grain/shared';
import type { Db } from '../../../db/client.js';
import { type LockedAllocation, withWriteTransaction } from '../../../db/locks.js';
import { audit } from '../../../lib/audit.js';
import type { Ctx } from '../../../lib/context.js';
import { AppError, validationError } from '../../../lib/errors.js';

import {
  addToAllocation,
  addToContract,
  deleteAllocation,
  insertAllocation,
  updateTransport,
} from '../queries/writes.js';
import {
  allocationOf,
  assertFitsAllocation,
  assertUnloadingNotBeforeLoading,
  type LockedPair,
  lockTransportWithPair,
} from './pair.js';
import { loadTransport } from './response.js';
import { assertVehicleNotDoubleBooked } from './vehicle-clashes.js';

/**
 * PATCH /transport/reallocate: an ON_THE_WAY transport goes to another sale of the same raw material
 * (RULES.md Transports). Its quantity moves from the old pair's allocation to the (purchase, new sale)
 * allocation, created if missing, under the new sale's tolerance limit (ALLOCATE_QUANTITY_IS_TO_BIG); its
 * in_delivery share moves with it. The purchase's allocated total does not change. Locks (db/locks.ts): the
 * three contracts in id order, the old and the new pair's allocations in id order, then the transport, then the
 * truck and driver advisory locks of "no truck in two places".
 */
export function reallocateTransport(ctx: Ctx, input: TransportReallocateRequest): Promise<TransportResponse> {
  return withWriteTransaction(ctx.db, async (tx) => {
    const {
      transport,
      pair: oldPair,
      locked,
      allocationsBySale,
    } = await lockTransportWithPair(tx, input.transportId, {
      extraContractIds: [input.newSalesId],
      extraAllocationSalesIds: [input.newSalesId],
    });
    if (!isReallocatableTransport(transport.status)) throw new AppError('NOT_REALLOCATABLE_TRANSPORT');
    if (input.newSalesId === transport.salesId) throw validationError({ field: 'new_sales_id', code: V.chooseItem });
    // spec/1 section 5 Reallocate form: the quantity is read-only, the whole transport moves.
    if (input.cargoQuantity !== transport.cargoQuantityKg) {
      throw new AppError('VALUE_IS_WRONG', 'The quantity of a redirected transport cannot change', [
        { field: 'cargo_quantity', code: V.oneOf },
      ]);
    }
    assertUnloadingNotBeforeLoading('date_unloading', transport.dateLoading, input.dateUnloading);

    const newSale = locked.get(input.newSalesId);
    if (newSale?.type !== 'SALES') throw new AppError('CONTRACT_NOT_FOUND');
    const purchase = oldPair.purchase;
    if (newSale.rawMaterialId !== purchase.rawMaterialId) throw new AppError('CONTRACT_IS_NOT_COMPATIBLE');
    const oldAllocation = allocationOf(oldPair);
    const newPair: LockedPair = {
      purchase,
      sale: newSale,
      allocation: allocationsBySale.get(newSale.id) ?? null,
    };

    const movedKg = transport.cargoQuantityKg;
    // The web warns with the same rule in the redirect dialog.
    const refusal = redirectRefusal({
      sale: { ...newSale, toleranceUpperLimitKg: toleranceUpperLimitKg(newSale) },
      purchase,
      transport: { isGmp: transport.isGmp, cargoQuantityKg: movedKg },
      hasPairAllocation: newPair.allocation !== null,
      confirmationNote: input.confirmationNote,
    });
    if (refusal) throw new AppError(refusal);
    // The new pair grows by the transport's quantity; what it already carries must still fit with it.
    if (newPair.allocation) {
      await assertFitsAllocation(
        tx,
        { ...newPair, allocation: { ...newPair.allocation, quantityKg: newPair.allocation.quantityKg + movedKg } },
        movedKg,
        transport.id,
      );
    }
    // RULES.md Transports: the new unloading date must not put the truck in two places. As on edit, the
    // note sent decides: kept only while the transport is double booked, so a redirect that frees the truck drops
    // the stored one and one that still double books it needs it sent again (the dialog offers the stored note).
    const doubleBookingNote = await assertVehicleNotDoubleBooked(
      tx,
      { ...transport, transportId: transport.id, dateUnloading: input.dateUnloading },
      input.doubleBookingNote,
    );

    const share = countersOf('ON_THE_WAY', movedKg);
    await moveOutOfAllocation(tx, ctx.user.id, oldAllocation, movedKg, share);
    const newAllocationId = await moveIntoAllocation(tx, ctx.user.id, newPair, movedKg, share, input.confirmationNote);
    await addToContract(tx, oldPair.sale.id, -movedKg, counterChange(share, NO_COUNTERS));
    await addToContract(tx, newSale.id, movedKg, share);

    const changes = {
      salesId: input.newSalesId,
      dateUnloading: input.dateUnloading,
      pricePerTon: input.pricePerTon,
      comment: input.comment,
      confirmationNote: input.confirmationNote,
      doubleBookingNote,
    };
    await updateTransport(tx, transport.id, changes);
    // The history shows every field from -> to; the sale also by its number, as people know it.
    await audit(tx, ctx.user.id, 'transport', transport.id, 'reallocate', {
      salesId: { from: transport.salesId, to: input.newSalesId },
      salesDocumentNumber: { from: oldPair.sale.documentNumber, to: newSale.documentNumber },
      allocationId: { from: oldAllocation.id, to: newAllocationId },
      dateUnloading: { from: transport.dateUnloading, to: input.dateUnloading },
      pricePerTon: { from: transport.pricePerTon, to: input.pricePerTon },
      comment: { from: transport.comment, to: changes.comment },
      confirmationNote: { from: transport.confirmationNote, to: changes.confirmationNote },
      doubleBookingNote: { from: transport.doubleBookingNote, to: doubleBookingNote },
    });
    return loadTransport(tx, transport.id);
  });
}

/** The old pair gives up the quantity and the transport's share; at 0 kg the pair's allocation is removed. */
async function moveOutOfAllocation(
  tx: Db,
  userId: number,
  allocation: LockedAllocation,
  movedKg: number,
  share: ReturnType<typeof countersOf>,
) {
  if (allocation.quantityKg === movedKg) {
    await deleteAllocation(tx, allocation.id);
    await audit(tx, userId, 'allocation', allocation.id, 'delete', {
      purchaseId: allocation.purchaseId,
      salesId: allocation.salesId,
      quantityKg: { from: allocation.quantityKg, to: 0 },
      reason: 'transport redirect',
    });
    return;
  }
  await addToAllocation(tx, allocation.id, -movedKg, counterChange(share, NO_COUNTERS));
  await audit(tx, userId, 'allocation', allocation.id, 'update', {
    quantityKg: { from: allocation.quantityKg, to: allocation.quantityKg - movedKg },
    reason: 'transport redirect',
  });
}

/** The (purchase, new sale) pair takes the quantity and the share; its allocation is created when missing. */
async function moveIntoAllocation(
  tx: Db,
  userId: number,
  pair: LockedPair,
  movedKg: number,
  share: ReturnType<typeof countersOf>,
  confirmationNote: string | null,
): Promise<number> {
  if (!pair.allocation) {
    const values = { purchaseId: pair.purchase.id, salesId: pair.sale.id, quantityKg: movedKg, confirmationNote };
    const id = await insertAllocation(tx, { ...values, createdBy: userId }, share);
    await audit(tx, userId, 'allocation', id, 'create', { ...values, reason: 'transport redirect' });
    return id;
  }
  const { id, quantityKg } = pair.allocation;
  await addToAllocation(tx, id, movedKg, share);
  await audit(tx, userId, 'allocation', id, 'update', {
    quantityKg: { from: quantityKg, to: quantityKg + movedKg },
    reason: 'transport redirect',
  });
  return id;
}
