import type { TransportCreateRequest, TransportResponse } from '@grain/shared';
import { counterChange, countersOf, isTransportableContract, NO_COUNTERS } from '@grain/shared';
import { shareLockContractors, withWriteTransaction } from '../../../db/locks.js';
import { audit } from '../../../lib/audit.js';
import type { Ctx } from '../../../lib/context.js';
import { AppError } from '../../../lib/errors.js';
import { assertGmpCertificateNote } from '../../certificates/service.js';
import { insertTransport, type TransportValues } from '../queries/writes.js';
import {
  applyCounterChange,
  assertCarrierExists,
  assertFitsAllocation,
  assertGmpNote,
  assertOnTheWayFields,
  carrierGmpCheck,
  lockPair,
} from './pair.js';
import { loadTransport } from './response.js';
import { assertVehicleNotDoubleBooked } from './vehicle-clashes.js';

/** The form's values as stored; a number for GMP is kept only while the transport has GMP. */
export function transportValues(input: Omit<TransportCreateRequest, 'purchaseId' | 'salesId'>): TransportValues {
  return {
    registrationNumber: input.registrationNumber,
    trailerNumber: input.trailerNumber,
    carrierId: input.carrierId,
    driverName: input.driverName,
    phoneNumber: input.phoneNumber,
    driverDocumentId: input.driverDocumentId,
    cargoQuantityKg: input.cargoQuantity,
    pricePerTon: input.pricePerTon,
    currency: input.currency,
    dateLoading: input.dateLoading,
    dateUnloading: input.dateUnloading,
    isGmp: input.isGmp,
    gmpNumber: input.isGmp ? input.gmpNumber : null,
    comment: input.comment,
    confirmationNote: input.confirmationNote,
  };
}

/**
 * POST /transport/create (NEW) and /transport/in-progress-create (ON_THE_WAY). RULES.md Transports: the pair
 * must be allocated and have room for the planned quantity; checked and written with both contracts and the
 * allocation locked, so parallel creates never pass the allocation.
 */
export function createTransport(
  ctx: Ctx,
  input: Omit<TransportCreateRequest, 'status'>,
  status: 'NEW' | 'ON_THE_WAY',
): Promise<TransportResponse> {
  if (status === 'ON_THE_WAY') assertOnTheWayFields(input);
  return withWriteTransaction(ctx.db, async (tx) => {
    // db/locks.ts: the carrier (copied onto the transport) before the contracts.
    await shareLockContractors(tx, [input.carrierId]);
    const { pair } = await lockPair(tx, input.purchaseId, input.salesId);
    if (!isTransportableContract(pair.purchase.status) || !isTransportableContract(pair.sale.status)) {
      throw new AppError('WRONG_STATUS');
    }
    await assertCarrierExists(tx, input.carrierId);
    assertGmpNote(pair.sale.isGmp, input.isGmp, input.confirmationNote);
    await assertGmpCertificateNote(tx, carrierGmpCheck(pair.sale.isGmp, input));
    await assertFitsAllocation(tx, pair, input.cargoQuantity);
    const doubleBookingNote = await assertVehicleNotDoubleBooked(
      tx,
      { ...input, transportId: null },
      input.doubleBookingNote,
    );

    const values = { ...transportValues(input), doubleBookingNote };
    const id = await insertTransport(tx, {
      ...values,
      purchaseId: input.purchaseId,
      salesId: input.salesId,
      status,
      createdBy: ctx.user.id,
    });
    await applyCounterChange(tx, pair, counterChange(NO_COUNTERS, countersOf(status, input.cargoQuantity)));
    await audit(tx, ctx.user.id, 'transport', id, 'create', {
      ...values,
      purchaseId: input.purchaseId,
      salesId: input.salesId,
      status,
    });
    return loadTransport(tx, id);
  });
}
