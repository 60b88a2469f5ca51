import {
  contractorLabel,
  type ListRequest,
  type PurchaseToReallocateRequest,
  type ReallocateCandidate,
  type SalesToReallocateRequest,
  type TransportDetailsResponse,
  type TransportFilterOptionListRequest,
  type TransportFilterOptionListResponse,
  type TransportFilterOptionsResponse,
  type TransportListRequest,
  type TransportListResponse,
  toleranceUpperLimitKg,
  V,
} from '@grain/shared';
import type { Ctx } from '../../../lib/context.js';
import { AppError, validationError } from '../../../lib/errors.js';
import { type CandidateRow, contractKindAndMaterial, listCandidates } from '../queries/candidates.js';
import { transportFilterOptionPage } from '../queries/filter-option-list.js';
import { transportHistory } from '../queries/history.js';
import { listTransportRows, transportFilterOptions } from '../queries/list.js';
import { loadTransport, toTransportResponse } from './response.js';

/**
 * GET /transport/details/{id}: the transport and its history (RULES.md "Everything that changes data"), its own
 * audit entries with those of its statement rows, in one statement however long it is.
 */
export async function getTransportDetails(ctx: Ctx, id: number): Promise<TransportDetailsResponse> {
  const transport = await loadTransport(ctx.db, id);
  return { ...transport, history: await transportHistory(ctx.db, id) };
}

/** GET|POST /transport/list: the logistics table and the contract dashboards' transport tabs. */
export async function listTransports(ctx: Ctx, request: TransportListRequest): Promise<TransportListResponse> {
  // The page comes with its totals row and "Do decyzji" counter, over the same conditions (queries/list.ts).
  const { totals, toDecideCount, ...page } = await listTransportRows(ctx.db, request);
  return { ...page, list: page.list.map(toTransportResponse), totalData: totals, toDecideCount };
}

/** GET|POST /transport/filter-option-list: one logistics select's options, searched and paged. */
export function listTransportFilterOptions(
  ctx: Ctx,
  request: TransportFilterOptionListRequest,
): Promise<TransportFilterOptionListResponse> {
  return transportFilterOptionPage(ctx.db, request);
}

/** GET /transport/get-filter-option. */
export async function getTransportFilterOptions(ctx: Ctx): Promise<TransportFilterOptionsResponse> {
  const options = await transportFilterOptions(ctx.db);
  const byCode = (row: { code: string; name: string | null }) => ({ value: row.code, label: contractorLabel(row) });
  return {
    suppliers: options.suppliers.map(byCode),
    recipients: options.recipients.map(byCode),
    carriers: options.carriers.map(byCode),
    qualities: options.qualities.map((row) => ({ value: row.id, label: row.title })),
    purchaseDocumentNumbers: options.purchaseNumbers.map((row) => ({ value: row.id, label: row.documentNumber })),
    salesDocumentNumbers: options.salesNumbers.map((row) => ({ value: row.id, label: row.documentNumber })),
  };
}

function toCandidate(row: CandidateRow): ReallocateCandidate {
  return {
    id: row.id,
    documentNumber: row.documentNumber,
    status: row.status,
    counterpartyId: row.counterpartyId,
    counterpartyCode: row.counterpartyCode,
    counterpartyName: row.counterpartyName,
    rawMaterialId: row.rawMaterialId,
    rawMaterialQualityId: row.rawMaterialQualityId,
    rawMaterialQualityTitle: row.rawMaterialQualityTitle,
    cargoQuantity: row.cargoQuantityKg,
    price: row.price,
    currency: row.currency,
    freight: row.freight,
    isGmp: row.isGmp,
    isCert: row.isCert,
    dateOfReceiptFrom: row.dateOfReceiptFrom,
    dateOfReceiptTo: row.dateOfReceiptTo,
    address: {
      street: row.street,
      buildingNumber: row.buildingNumber,
      postCode: row.postCode,
      city: row.city,
      countryCode: row.countryCode,
    },
    addressFull: row.addressFull,
    allocated: row.allocatedKg,
    toAllocate: row.cargoQuantityKg - row.allocatedKg,
    toleranceUpperLimit: toleranceUpperLimitKg(row),
    inDelivery: row.inDeliveryKg,
    delivered: row.deliveredKg,
  };
}

async function candidatesOf(ctx: Ctx, currentId: number, type: 'PURCHASE' | 'SALES', request: ListRequest<unknown>) {
  const current = await contractKindAndMaterial(ctx.db, currentId);
  if (current?.type !== type) throw new AppError('CONTRACT_NOT_FOUND');
  const page = await listCandidates(ctx.db, { id: current.id, type, rawMaterialId: current.rawMaterialId }, request);
  return { ...page, list: page.list.map(toCandidate) };
}

/** The current contract is required: the candidates share its raw material. */
function requiredFilterId(value: number | undefined, field: string): number {
  if (value === undefined) {
    throw validationError({ field, code: V.required });
  }
  return value;
}

/** GET|POST /transport/contract-to-reallocate: sales a transport of filter.currentSalesId could go to. */
export function listSalesToReallocate(ctx: Ctx, request: SalesToReallocateRequest) {
  const id = requiredFilterId(request.filter?.currentSalesId, 'filter.current_sales_id');
  return candidatesOf(ctx, id, 'SALES', request);
}

/** GET|POST /transport/purchase-contract-to-reallocate: the purchase-side twin. */
export function listPurchasesToReallocate(ctx: Ctx, request: PurchaseToReallocateRequest) {
  const id = requiredFilterId(request.filter?.currentPurchaseId, 'filter.current_purchase_id');
  return candidatesOf(ctx, id, 'PURCHASE', request);
}
