import {
  type AllocateContractRequest,
  type AllocatedPurchaseRow,
  type AllocatedSalesRow,
  type AllocatedValueRequest,
  type AllocatedValueResponse,
  type AllocationChange,
  type AllocationContractListRequest,
  type AllocationResponse,
  allocationFloorKg,
  allocationRefusal,
  contractorLabel,
  type PurchaseToAllocateRow,
  type ToAssignFilterOptionsResponse,
  type ToAssignListRequest,
  type ToAssignListResponse,
  type ToAssignRow,
  toleranceUpperLimitKg,
  V,
} from '@grain/shared';
import type { Db } from '../../db/client.js';
import { type LockedAllocation, lockAllocation, lockContractsInIdOrder, withWriteTransaction } from '../../db/locks.js';
import { audit } from '../../lib/audit.js';
import type { Ctx } from '../../lib/context.js';
import { AppError, validationError } from '../../lib/errors.js';
import { assertGmpCertificateNote } from '../certificates/service.js';
import {
  allocatedPurchases,
  allocatedSales,
  type ContractPairRow,
  purchasesToAllocate,
} from './queries/contract-lists.js';
import { type ToAssignDbRow, toAssignList } from './queries/to-assign.js';
import { toAssignFilterOptions } from './queries/to-assign-options.js';
import * as q from './queries/writes.js';

/**
 * POST /contract/allocate-contract/{salesId}: creates the pair, edits it, or removes it with 0.
 * RULES.md Allocations: every check and write in one transaction, both contracts and the pair locked, and
 * both contracts' allocated totals moved by the same delta (RULES.md Contracts, derived values).
 */
export function allocateContract(
  ctx: Ctx,
  salesId: number,
  input: AllocateContractRequest,
): Promise<AllocationResponse> {
  return withWriteTransaction(ctx.db, async (tx) => {
    const locked = await lockContractsInIdOrder(tx, [input.purchaseId, salesId]);
    const purchase = locked.get(input.purchaseId);
    const sale = locked.get(salesId);
    if (purchase?.type !== 'PURCHASE' || sale?.type !== 'SALES' || purchase.id === sale.id) {
      throw new AppError('CONTRACT_NOT_FOUND');
    }
    const pair = await lockAllocation(tx, purchase.id, sale.id);
    // spec/1 section 5 Allocation: cargoQuantity positive on add, zero or more on edit.
    if (!pair && input.cargoQuantity === 0) {
      throw validationError({ field: 'cargo_quantity', code: V.positive });
    }
    const floorKg = pair
      ? allocationFloorKg({ ...pair, plannedNewKg: await q.plannedKgOfNewTransports(tx, purchase.id, sale.id) })
      : 0;
    const refusal = allocationRefusal({
      purchase,
      sale,
      currentPairKg: pair?.quantityKg ?? 0,
      requestedKg: input.cargoQuantity,
      floorKg,
      confirmationNote: input.confirmationNote,
    });
    if (refusal) throw new AppError(refusal);
    // RULES.md Allocations, GMP_CERT_NOT_SATISFIED: the supplier's GMP+ certificate must cover the receipt period.
    if (input.cargoQuantity > 0) {
      await assertGmpCertificateNote(tx, {
        saleIsGmp: sale.isGmp,
        contractorId: purchase.counterpartyId,
        from: purchase.dateOfReceiptFrom,
        to: purchase.dateOfReceiptTo,
        confirmationNote: input.confirmationNote,
        code: 'GMP_CERT_NOT_SATISFIED',
      });
    }

    const { id, change } = await writePair(tx, ctx.user.id, pair, { ...input, salesId: sale.id });
    const growthKg = input.cargoQuantity - (pair?.quantityKg ?? 0);
    const purchaseAllocated = growthKg ? await q.addToAllocatedKg(tx, purchase.id, growthKg) : purchase.allocatedKg;
    const salesAllocated = growthKg ? await q.addToAllocatedKg(tx, sale.id, growthKg) : sale.allocatedKg;
    return {
      id,
      purchaseId: purchase.id,
      salesId: sale.id,
      cargoQuantity: input.cargoQuantity,
      confirmationNote: change === 'REMOVED' ? null : input.confirmationNote,
      change,
      purchaseAllocated,
      salesAllocated,
    };
  });
}

/** Inserts, updates or deletes the pair's row and writes its audit entry; an edit that changes nothing writes nothing. */
async function writePair(
  tx: Db,
  userId: number,
  pair: LockedAllocation | null,
  input: AllocateContractRequest & { salesId: number },
): Promise<{ id: number; change: AllocationChange }> {
  const values = {
    purchaseId: input.purchaseId,
    salesId: input.salesId,
    quantityKg: input.cargoQuantity,
    confirmationNote: input.confirmationNote,
  };
  if (!pair) {
    const created = await q.insertAllocation(tx, { ...values, userId });
    await audit(tx, userId, 'allocation', created.id, 'create', values);
    return { id: created.id, change: 'CREATED' };
  }
  if (input.cargoQuantity === 0) {
    await q.deleteAllocation(tx, pair.id);
    await audit(tx, userId, 'allocation', pair.id, 'delete', {
      purchaseId: pair.purchaseId,
      salesId: pair.salesId,
      quantityKg: { from: pair.quantityKg, to: 0 },
    });
    return { id: pair.id, change: 'REMOVED' };
  }
  const isUnchanged = pair.quantityKg === input.cargoQuantity && pair.confirmationNote === input.confirmationNote;
  if (isUnchanged) return { id: pair.id, change: 'UPDATED' };
  await q.updateAllocation(tx, pair.id, input.cargoQuantity, input.confirmationNote);
  await audit(tx, userId, 'allocation', pair.id, 'update', {
    purchaseId: pair.purchaseId,
    salesId: pair.salesId,
    quantityKg: { from: pair.quantityKg, to: input.cargoQuantity },
    confirmationNote: { from: pair.confirmationNote, to: input.confirmationNote },
  });
  return { id: pair.id, change: 'UPDATED' };
}

/** POST /contract/get-allocated-value: the pair's allocated kg, null without an allocation. */
export async function getAllocatedValue(ctx: Ctx, input: AllocatedValueRequest): Promise<AllocatedValueResponse> {
  return { value: await q.allocatedKgOfPair(ctx.db, input.purchaseId, input.salesId) };
}

async function contractOfType(db: Db, id: number, type: 'PURCHASE' | 'SALES') {
  const contract = await q.contractHeader(db, id);
  if (contract?.type !== type) throw new AppError('CONTRACT_NOT_FOUND');
  return contract;
}

function contractFigures(row: ContractPairRow) {
  return {
    documentNumber: row.documentNumber,
    status: row.status,
    rawMaterialId: row.rawMaterialId,
    rawMaterialQualityId: row.rawMaterialQualityId,
    rawMaterialQualityTitle: row.rawMaterialQualityTitle,
    cargoQuantity: row.cargoQuantityKg,
    price: row.price,
    currency: row.currency,
    freight: row.freight,
    isGmp: row.isGmp,
    isCert: row.isCert,
    isFor: row.isFor,
    dateOfReceiptFrom: row.dateOfReceiptFrom,
    dateOfReceiptTo: row.dateOfReceiptTo,
    address: {
      street: row.street,
      buildingNumber: row.buildingNumber,
      postCode: row.postCode,
      city: row.city,
      countryCode: row.countryCode,
    },
    allocated: row.allocatedKg,
    toleranceUpperLimit: toleranceUpperLimitKg(row),
  };
}

/** spec/1 section 3: the pair seen from a sale. */
function toPurchaseRow(row: ContractPairRow): PurchaseToAllocateRow {
  return {
    id: row.id,
    supplierId: row.counterpartyId,
    supplierCode: row.counterpartyCode,
    supplierName: row.counterpartyName,
    ...contractFigures(row),
    allowed: row.cargoQuantityKg - row.allocatedKg,
    allocationId: row.allocationId,
    allocatedOnPurchase: row.pairQuantityKg ?? 0,
    plannedOnPurchase: row.pairPlannedNewKg,
    inDeliveryOnPurchase: row.pairInDeliveryKg ?? 0,
    inDeliveryTransportCountOnPurchase: row.pairInDeliveryCount ?? 0,
    deliveredOnPurchase: row.pairDeliveredKg ?? 0,
    confirmationNote: row.confirmationNote,
  };
}

/** GET /contract/get-purchase-contract-to-allocate/{salesId}. */
export async function listPurchasesToAllocate(ctx: Ctx, salesId: number, request: AllocationContractListRequest) {
  const sale = await contractOfType(ctx.db, salesId, 'SALES');
  const page = await purchasesToAllocate(ctx.db, sale, request);
  return { ...page, list: page.list.map(toPurchaseRow) };
}

/** GET /contract/get-allocated-sales/{salesId}: the purchases allocated to a sale (the sale dashboard). */
export async function listAllocatedPurchases(ctx: Ctx, salesId: number, request: AllocationContractListRequest) {
  await contractOfType(ctx.db, salesId, 'SALES');
  const page = await allocatedPurchases(ctx.db, salesId, request);
  return {
    ...page,
    list: page.list.map(
      (row): AllocatedPurchaseRow => ({ ...toPurchaseRow(row), allocationId: row.allocationId!, salesId }),
    ),
  };
}

/** GET /contract/get-purchase-allocated-contract/{purchaseId}: the sales a purchase is allocated to (purchase dashboard). */
export async function listAllocatedSales(ctx: Ctx, purchaseId: number, request: AllocationContractListRequest) {
  await contractOfType(ctx.db, purchaseId, 'PURCHASE');
  const page = await allocatedSales(ctx.db, purchaseId, request);
  return {
    ...page,
    list: page.list.map(
      (row): AllocatedSalesRow => ({
        allocationId: row.allocationId!,
        purchaseId,
        salesId: row.id,
        recipientId: row.counterpartyId,
        recipientCode: row.counterpartyCode,
        recipientName: row.counterpartyName,
        ...contractFigures(row),
        toAllocate: row.cargoQuantityKg - row.allocatedKg,
        allocatedForSales: row.pairQuantityKg ?? 0,
        inDeliveryForSales: row.pairInDeliveryKg ?? 0,
        inDeliveryTransportCountForSales: row.pairInDeliveryCount ?? 0,
        deliveredForSales: row.pairDeliveredKg ?? 0,
        confirmationNote: row.confirmationNote,
      }),
    ),
  };
}

function toToAssignRow(row: ToAssignDbRow): ToAssignRow {
  return {
    id: row.id,
    purchaseId: row.purchaseId,
    salesId: row.salesId,
    purchaseAgreementDocumentNumber: row.purchaseDocumentNumber,
    salesAgreementDocumentNumber: row.salesDocumentNumber,
    purchaseSupplierId: row.supplierId,
    purchaseSupplierCode: row.supplierCode,
    purchaseSupplierName: row.supplierName,
    salesRecipientId: row.recipientId,
    salesRecipientCode: row.recipientCode,
    salesRecipientName: row.recipientName,
    purchaseFreight: row.purchaseFreight,
    salesFreight: row.salesFreight,
    purchaseAddress: {
      city: row.purchaseCity,
      postCode: row.purchasePostCode,
      street: row.purchaseStreet,
      buildingNumber: row.purchaseBuildingNumber,
    },
    salesAddress: {
      city: row.salesCity,
      postCode: row.salesPostCode,
      street: row.salesStreet,
      buildingNumber: row.salesBuildingNumber,
    },
    purchaseAddressFull: row.purchaseAddressFull,
    salesAddressFull: row.salesAddressFull,
    dateOfLoadingFrom: row.dateOfLoadingFrom,
    dateOfLoadingTo: row.dateOfLoadingTo,
    dateOfUnloadingFrom: row.dateOfUnloadingFrom,
    dateOfUnloadingTo: row.dateOfUnloadingTo,
    toDeliver: row.toDeliverKg,
    inDelivery: row.inDeliveryKg,
    inDeliveryTransportCount: row.inDeliveryCount,
    delivered: row.deliveredKg,
    allocated: row.allocatedKg,
    cargoName: row.cargoName,
    rawMaterialId: row.rawMaterialId,
    rawMaterialQualityId: row.rawMaterialQualityId,
    purchaseComments: row.purchaseComments,
    confirmationNote: row.confirmationNote,
    salesIsGmp: row.salesIsGmp,
    purchaseIsGmp: row.purchaseIsGmp,
    salesIsCert: row.salesIsCert,
    purchaseIsCert: row.purchaseIsCert,
    purchaseStatus: row.purchaseStatus,
    salesStatus: row.salesStatus,
  };
}

/** GET /transport/get-to-assign-list: the allocations page. */
export async function listToAssign(ctx: Ctx, request: ToAssignListRequest): Promise<ToAssignListResponse> {
  const page = await toAssignList(ctx.db, request);
  return { ...page, list: page.list.map(toToAssignRow) };
}

/** GET /transport/get-to-assign-filter-option. */
export async function getToAssignFilterOptions(ctx: Ctx): Promise<ToAssignFilterOptionsResponse> {
  const options = await toAssignFilterOptions(ctx.db);
  return {
    suppliers: options.suppliers.map((row) => ({ value: row.id, label: contractorLabel(row) })),
    recipients: options.recipients.map((row) => ({ value: row.id, label: contractorLabel(row) })),
    rawMaterials: options.materials.map((row) => ({ value: row.id, label: row.label })),
    qualities: options.qualities.map((row) => ({ value: row.id, label: row.label })),
  };
}
