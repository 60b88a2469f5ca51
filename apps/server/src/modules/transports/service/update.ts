import {
  contractorLabel,
  counterChange,
  countersOf,
  isEditableTransport,
  type TransportResponse,
  type TransportUpdateRequest,
  V,
} from '@grain/shared';
import type { Db } from '../../../db/client.js';
import { withWriteTransaction } from '../../../db/locks.js';
import { audit, diff } from '../../../lib/audit.js';
import type { Ctx } from '../../../lib/context.js';
import { AppError } from '../../../lib/errors.js';
import { assertGmpCertificateNote } from '../../certificates/service.js';
import { contractorsByIds, type LockedTransport } from '../queries/locks.js';
import { updateTransport as writeTransport } from '../queries/writes.js';
import { transportValues } from './create.js';
import {
  allocationOf,
  applyCounterChange,
  assertCarrierExists,
  assertFitsAllocation,
  assertGmpNote,
  assertOnTheWayFields,
  carrierGmpCheck,
  lockTransportWithPair,
} from './pair.js';
import { loadTransport } from './response.js';
import { assertVehicleNotDoubleBooked } from './vehicle-clashes.js';

/** The body may name the transport and its pair, but only as they are (VALUE_IS_WRONG otherwise). */
function assertSameTransportAndPair(id: number, before: LockedTransport, input: TransportUpdateRequest) {
  const mismatches = (
    [
      ['transport_id', input.transportId, id],
      ['purchase_id', input.purchaseId, before.purchaseId],
      ['sales_id', input.salesId, before.salesId],
    ] as const
  ).filter(([, sent, actual]) => sent !== undefined && sent !== actual);
  if (mismatches.length) {
    throw new AppError(
      'VALUE_IS_WRONG',
      'The transport and its pair cannot change here',
      mismatches.map(([field]) => ({ field, code: V.chooseItem })),
    );
  }
}

/** A changed carrier as the history names it (code – name), besides its id. */
async function carrierChange(tx: Db, fromId: number, toId: number) {
  if (fromId === toId) return {};
  const carriers = await contractorsByIds(tx, [fromId, toId]);
  const label = (id: number) => {
    const carrier = carriers.get(id);
    return carrier ? contractorLabel(carrier) : null;
  };
  return { carrier: { from: label(fromId), to: label(toId) } };
}

/**
 * PUT /transport/update/{id}: the form again, while NEW or ON_THE_WAY (RULES.md Transports). The pair stays:
 * a NEW transport is re-planned by deleting it, an ON_THE_WAY one is redirected. A changed quantity is checked
 * against the allocation; on an ON_THE_WAY transport it also moves in_delivery.
 */
export function updateTransport(ctx: Ctx, id: number, input: TransportUpdateRequest): Promise<TransportResponse> {
  return withWriteTransaction(ctx.db, async (tx) => {
    const { transport: before, pair } = await lockTransportWithPair(tx, id, { extraContractorIds: [input.carrierId] });
    assertSameTransportAndPair(id, before, input);
    if (!isEditableTransport(before.status)) throw new AppError('NOT_EDITABLE_TRANSPORT');
    if (before.status === 'ON_THE_WAY') assertOnTheWayFields(input);

    allocationOf(pair); // RULES.md Transports: a transport belongs to an allocated pair.
    if (input.carrierId !== before.carrierId) await assertCarrierExists(tx, input.carrierId);
    assertGmpNote(pair.sale.isGmp, input.isGmp, input.confirmationNote);
    await assertGmpCertificateNote(tx, carrierGmpCheck(pair.sale.isGmp, input));
    if (input.cargoQuantity !== before.cargoQuantityKg) await assertFitsAllocation(tx, pair, input.cargoQuantity, id);
    const doubleBookingNote = await assertVehicleNotDoubleBooked(
      tx,
      { ...input, transportId: id },
      input.doubleBookingNote,
    );

    const values = { ...transportValues(input), doubleBookingNote };
    await writeTransport(tx, id, values);
    await applyCounterChange(
      tx,
      pair,
      counterChange(countersOf(before.status, before.cargoQuantityKg), countersOf(before.status, input.cargoQuantity)),
    );
    await audit(tx, ctx.user.id, 'transport', id, 'update', {
      ...diff(before, values),
      ...(await carrierChange(tx, before.carrierId, input.carrierId)),
    });
    return loadTransport(tx, id);
  });
}
