import type { TransportDeliveredRequest, TransportResponse } from '@grain/shared';
import { counterChange, countersOf, deliveryTransactions } from '@grain/shared';
import { audit } from '../../../lib/audit.js';
import type { Ctx } from '../../../lib/context.js';
import { AppError, isUniqueViolation } from '../../../lib/errors.js';
import { contractorsByIds, lockTransport, qualityOf } from '../queries/locks.js';
import { insertTransactions, insertUnloading, updateTransport } from '../queries/writes.js';
import { applyCounterChange, assertFitsAllocation, assertUnloadingNotBeforeLoading, lockPair } from './pair.js';
import { loadTransport } from './response.js';

/**
 * PATCH /transport/set-status-delivered/{id}. RULES.md Transports, Delivered: one unloading and three
 * TO_SETTLEMENT transactions, the status DELIVERED and the counters (planned kg out of in_delivery, real kg
 * into delivered) in one transaction. A real quantity above the plan must still fit the pair's allocation
 * (TRANSPORT_QUANTITY_IS_TO_BIG): the allocation is raised first, within the contracts' tolerance.
 */
export async function setTransportDelivered(
  ctx: Ctx,
  id: number,
  input: TransportDeliveredRequest,
): Promise<TransportResponse> {
  try {
    return await ctx.db.transaction(async (tx) => {
      const transport = await lockTransport(tx, id);
      if (!transport) throw new AppError('TRANSPORT_NOT_FOUND');
      // A second delivery finds DELIVERED here; the unique index on unloadings.transport_id is the backstop.
      if (transport.status !== 'ON_THE_WAY') throw new AppError('WRONG_STATUS');
      assertUnloadingNotBeforeLoading('unloading_date', transport.dateLoading, input.unloadingDate);

      const { pair } = await lockPair(tx, transport.purchaseId, transport.salesId);
      if (input.realCargoQualityId !== null) {
        const quality = await qualityOf(tx, input.realCargoQualityId);
        if (quality?.rawMaterialId !== pair.purchase.rawMaterialId) {
          throw new AppError('RAW_MATERIAL_QUALITY_RELATION_NOT_FOUND');
        }
      }
      await assertFitsAllocation(tx, pair, input.realCargoQuantity, id);

      const unloading = {
        transportId: id,
        unloadingDate: input.unloadingDate,
        realCargoQuantityKg: input.realCargoQuantity,
        realCargoPrice: input.realCargoPrice,
        realCargoQualityId: input.realCargoQualityId,
        deductions: input.deductions,
        details: input.details,
      };
      const unloadingId = await insertUnloading(tx, { ...unloading, createdBy: ctx.user.id });
      const contractors = await contractorsByIds(tx, [
        pair.purchase.counterpartyId,
        pair.sale.counterpartyId,
        transport.carrierId,
      ]);
      await insertTransactions(
        tx,
        deliveryTransactions({
          transport,
          purchase: pair.purchase,
          sale: pair.sale,
          unloading: { ...unloading, id: unloadingId },
          accountingMethodOf: (contractorId) => contractors.get(contractorId)?.accountingMethod ?? null,
        }),
      );
      await updateTransport(tx, id, {
        status: 'DELIVERED',
        unloadingDate: input.unloadingDate,
        realCargoQuantityKg: input.realCargoQuantity,
      });
      await applyCounterChange(
        tx,
        pair,
        counterChange(
          countersOf('ON_THE_WAY', transport.cargoQuantityKg),
          countersOf('DELIVERED', transport.cargoQuantityKg, input.realCargoQuantity),
        ),
      );
      await audit(tx, ctx.user.id, 'transport', id, 'deliver', {
        status: { from: transport.status, to: 'DELIVERED' },
        unloadingId,
        ...unloading,
      });
      return loadTransport(tx, id);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'unloadings_transport_key')) throw new AppError('WRONG_STATUS');
    throw error;
  }
}
