import { counterChange, countersOf, isRemovableTransport, NO_COUNTERS } from '@grain/shared';
import { withWriteTransaction } from '../../../db/locks.js';
import { audit, removed } from '../../../lib/audit.js';
import type { Ctx } from '../../../lib/context.js';
import { AppError } from '../../../lib/errors.js';
import { deleteTransport } from '../queries/writes.js';
import { applyCounterChange, lockTransportWithPair } from './pair.js';

/** DELETE /transport/remove/{id}: only while NEW or ON_THE_WAY; an ON_THE_WAY one leaves in_delivery. */
export function removeTransport(ctx: Ctx, id: number): Promise<{ success: true }> {
  return withWriteTransaction(ctx.db, async (tx) => {
    const { transport, pair } = await lockTransportWithPair(tx, id);
    if (!isRemovableTransport(transport.status)) throw new AppError('TRANSPORT_CANNOT_BE_REMOVED');

    await deleteTransport(tx, id);
    await applyCounterChange(
      tx,
      pair,
      counterChange(countersOf(transport.status, transport.cargoQuantityKg), NO_COUNTERS),
    );
    await audit(tx, ctx.user.id, 'transport', id, 'delete', removed(transport));
    return { success: true as const };
  });
}
