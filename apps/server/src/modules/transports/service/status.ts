import {
  type CanBeSetOnTheWayResponse,
  counterChange,
  countersOf,
  isAllowedTransportStatusChange,
  missingOnTheWayFields,
  type TransportResponse,
  type TransportStatusRequest,
} from '@grain/shared';
import { withWriteTransaction } from '../../../db/locks.js';
import { audit } from '../../../lib/audit.js';
import type { Ctx } from '../../../lib/context.js';
import { AppError } from '../../../lib/errors.js';
import { getTransport } from '../queries/locks.js';
import { updateTransport } from '../queries/writes.js';
import { applyCounterChange, assertOnTheWayFields, lockTransportWithPair } from './pair.js';
import { loadTransport } from './response.js';

/**
 * PATCH /transport/update-status. RULES.md Transports: NEW -> ON_THE_WAY | CANCELLED; ON_THE_WAY -> NEW |
 * RETURN_TO_CLIENT | CANCELLED; anything else (DELIVERED included: set-status-delivered) is WRONG_STATUS.
 * Entering ON_THE_WAY adds the planned kg to in_delivery of the pair and both contracts, leaving it removes it.
 */
export function updateTransportStatus(ctx: Ctx, input: TransportStatusRequest): Promise<TransportResponse> {
  return withWriteTransaction(ctx.db, async (tx) => {
    const { transport, pair } = await lockTransportWithPair(tx, input.transportId);
    if (!isAllowedTransportStatusChange(transport.status, input.status)) throw new AppError('WRONG_STATUS');
    if (input.status === 'ON_THE_WAY') assertOnTheWayFields(transport);

    await updateTransport(tx, transport.id, { status: input.status });
    await applyCounterChange(
      tx,
      pair,
      counterChange(
        countersOf(transport.status, transport.cargoQuantityKg),
        countersOf(input.status, transport.cargoQuantityKg),
      ),
    );
    await audit(tx, ctx.user.id, 'transport', transport.id, 'status', {
      status: { from: transport.status, to: input.status },
    });
    return loadTransport(tx, transport.id);
  });
}

/** GET /transport/check-if-can-be-set-on-the-way/{id}: a NEW transport with every ON_THE_WAY field filled in. */
export async function canBeSetOnTheWay(ctx: Ctx, id: number): Promise<CanBeSetOnTheWayResponse> {
  const transport = await getTransport(ctx.db, id);
  if (!transport) throw new AppError('TRANSPORT_NOT_FOUND');
  return { canBeSet: transport.status === 'NEW' && missingOnTheWayFields(transport).length === 0 };
}
