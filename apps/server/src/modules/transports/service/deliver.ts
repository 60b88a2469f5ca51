import {
  counterChange,
  countersOf,
  deliveryGrowth,
  deliveryTransactions,
  type FieldError,
  isConfirmationNoteSufficient,
  isWithinPhysicalRange,
  type LabResult,
  NO_COUNTERS,
  physicalRange,
  type TransportDeliveredRequest,
  type TransportResponse,
  V,
} from '@grain/shared';
import type { Db } from '../../../db/client.js';
import { withWriteTransaction } from '../../../db/locks.js';
import { assigned, audit } from '../../../lib/audit.js';
import type { Ctx } from '../../../lib/context.js';
import { AppError, isUniqueViolation, validationError } from '../../../lib/errors.js';
import { labParametersOf } from '../../cargo/service.js';
import { contractorsByIds, plannedKgOfActiveTransports, priceOptionsOf, qualityOf } from '../queries/locks.js';
import {
  addToAllocation,
  addToContract,
  insertTransactions,
  insertUnloading,
  markUnloadingToDecide,
  updateTransport,
} from '../queries/writes.js';
import {
  allocationOf,
  applyCounterChange,
  assertUnloadingNotBeforeLoading,
  type LockedPair,
  lockTransportWithPair,
} from './pair.js';
import { loadTransport } from './response.js';

/**
 * RULES.md Transports, Delivered: a delivery always records what was unloaded. When the real kg make the pair
 * carry more than its allocation, the allocation (and both contracts' allocated totals) grows by the difference,
 * audited. Growth beyond a contract's upper tolerance limit needs `over_delivery_note` (10+ characters;
 * TRANSPORT_QUANTITY_IS_TO_BIG with the field marked otherwise) and is recorded on the unloading per contract.
 */
async function growAllocationForDelivery(
  tx: Db,
  userId: number,
  pair: LockedPair,
  transportId: number,
  input: TransportDeliveredRequest,
) {
  const allocation = allocationOf(pair);
  const plannedKg = await plannedKgOfActiveTransports(tx, pair.purchase.id, pair.sale.id, transportId);
  const growth = deliveryGrowth({
    allocationKg: allocation.quantityKg,
    committedKg: plannedKg + allocation.deliveredKg,
    realKg: input.realCargoQuantity,
    purchase: pair.purchase,
    sale: pair.sale,
  });
  const isOverDelivered = growth.purchaseOverKg > 0 || growth.salesOverKg > 0;
  if (isOverDelivered && !isConfirmationNoteSufficient(input.overDeliveryNote)) {
    throw new AppError('TRANSPORT_QUANTITY_IS_TO_BIG', 'An over-delivery needs a note', [
      { field: 'over_delivery_note', code: V.required },
    ]);
  }
  if (growth.growthKg > 0) {
    await addToAllocation(tx, allocation.id, growth.growthKg, NO_COUNTERS);
    await addToContract(tx, pair.purchase.id, growth.growthKg, NO_COUNTERS, growth.purchaseOverKg);
    await addToContract(tx, pair.sale.id, growth.growthKg, NO_COUNTERS, growth.salesOverKg);
    await audit(tx, userId, 'allocation', allocation.id, 'update', {
      quantityKg: { from: allocation.quantityKg, to: allocation.quantityKg + growth.growthKg },
      reason: isOverDelivered ? 'over-delivery' : 'delivery',
      transportId,
    });
  }
  return {
    overDeliveryNote: isOverDelivered ? input.overDeliveryNote : null,
    purchaseOverDeliveredKg: growth.purchaseOverKg,
    salesOverDeliveredKg: growth.salesOverKg,
  };
}

/**
 * Each lab result names a numeric parameter of the raw material (cargo params; else oneOf on its
 * `parameter`) and lies within its unit's physical range (else tooBig / nonNegative on its `value`), all marked at
 * once as VALIDATION_ERROR.
 */
async function assertLabResults(tx: Db, rawMaterialId: number, labResults: LabResult[] | null) {
  if (!labResults?.length) return;
  const parameters = await labParametersOf(tx, rawMaterialId);
  const errors = labResults.flatMap((result, index): FieldError[] => {
    const parameter = parameters.get(result.parameter.trim().toLowerCase());
    if (!parameter) return [{ field: `lab_results.${index}.parameter`, code: V.oneOf }];
    if (isWithinPhysicalRange(parameter.unit, result.value)) return [];
    const code = result.value < physicalRange(parameter.unit).min ? V.nonNegative : V.tooBig;
    return [{ field: `lab_results.${index}.value`, code }];
  });
  if (errors.length) throw validationError(...errors);
}

/**
 * PATCH /transport/set-status-delivered/{id}. RULES.md Transports, Delivered: one unloading and three
 * TO_SETTLEMENT transactions, the status DELIVERED and the counters (planned kg out of in_delivery, real kg
 * into delivered) in one transaction. The allocation grows to what was unloaded (growAllocationForDelivery).
 */
export async function setTransportDelivered(
  ctx: Ctx,
  id: number,
  input: TransportDeliveredRequest,
): Promise<TransportResponse> {
  try {
    return await withWriteTransaction(ctx.db, async (tx) => {
      // db/locks.ts: the statement rows copy the supplier, recipient and carrier, locked first.
      const { transport, pair } = await lockTransportWithPair(tx, id, { shareParties: true });
      // A second delivery finds DELIVERED here; the unique index on unloadings.transport_id is the backstop.
      if (transport.status !== 'ON_THE_WAY') throw new AppError('WRONG_STATUS');
      assertUnloadingNotBeforeLoading('unloading_date', transport.dateLoading, input.unloadingDate);

      const realQuality = input.realCargoQualityId === null ? null : await qualityOf(tx, input.realCargoQualityId);
      if (input.realCargoQualityId !== null && realQuality?.rawMaterialId !== pair.purchase.rawMaterialId) {
        throw new AppError('RAW_MATERIAL_QUALITY_RELATION_NOT_FOUND');
      }
      await assertLabResults(tx, pair.purchase.rawMaterialId, input.labResults);
      const over = await growAllocationForDelivery(tx, ctx.user.id, pair, id, input);
      const optionsOf = await priceOptionsOf(tx, [pair.purchase.id, pair.sale.id]);

      const unloading = {
        transportId: id,
        unloadingDate: input.unloadingDate,
        realCargoQuantityKg: input.realCargoQuantity,
        realCargoPrice: input.realCargoPrice,
        realCargoQualityId: input.realCargoQualityId,
        // RULES.md Invoices, VAT and KSeF: each side's own deduction, in its own currency (the request schema reads
        // the spec's one `deductions` as the purchase side's).
        purchaseDeductions: input.purchaseDeductions,
        salesDeductions: input.salesDeductions,
        transportDeductions: input.transportDeductions,
        details: input.details,
        labResults: input.labResults?.length ? input.labResults : null,
      };
      // RULES.md Transports, Quality: each side by the price option of the delivered quality (deliveredPriceOption).
      const withOptions = <T extends { id: number }>(contract: T) => ({
        ...contract,
        qualityTerms: optionsOf.get(contract.id)?.mainTerms ?? [],
        additionalOptions: optionsOf.get(contract.id)?.additional ?? [],
      });
      const purchase = withOptions(pair.purchase);
      const sale = withOptions(pair.sale);
      // The unloading is inserted first (the rows reference it); "do decyzji" is set once the rows are known.
      const unloadingId = await insertUnloading(tx, { ...unloading, ...over, createdBy: ctx.user.id });
      const contractors = await contractorsByIds(tx, [
        pair.purchase.counterpartyId,
        pair.sale.counterpartyId,
        transport.carrierId,
      ]);
      const rows = deliveryTransactions({
        transport,
        purchase,
        sale,
        unloading: { ...unloading, id: unloadingId },
        accountingMethodOf: (contractorId) => contractors.get(contractorId)?.accountingMethod ?? null,
      });
      await insertTransactions(tx, rows);
      const isToDecide = rows.some((row) => row.qualitySettlement?.isToDecide);
      if (isToDecide) await markUnloadingToDecide(tx, unloadingId);
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
      // The history shows what the delivery recorded, each figure from nothing to its value.
      const { transportId: _transportId, ...recorded } = unloading;
      await audit(tx, ctx.user.id, 'transport', id, 'deliver', {
        status: { from: transport.status, to: 'DELIVERED' },
        unloadingId,
        ...assigned({ ...recorded, realCargoQuality: realQuality?.title, isToDecide: isToDecide || null }),
        // An over-delivery only when there was one (0 kg over on both sides is the usual case).
        ...assigned(over.overDeliveryNote ? over : {}),
      });
      return loadTransport(tx, id);
    });
  } catch (error) {
    if (isUniqueViolation(error, 'unloadings_transport_key')) throw new AppError('WRONG_STATUS');
    throw error;
  }
}
