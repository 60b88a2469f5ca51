import {
  type ContractListRequest,
  type ContractorResponse,
  canDeleteContract,
  formatAddressLine,
  type PurchaseDashboardResponse,
  type PurchaseListItem,
  purchaseFigures,
  qualitySummary,
  type SalesDashboardResponse,
  type SalesListItem,
  salesFigures,
  toleranceRange,
  toleranceUpperLimitKg,
} from '@grain/shared';
import type { Db } from '../../../db/client.js';
import { historyOf } from '../../../lib/audit.js';
import type { Ctx } from '../../../lib/context.js';
import { AppError } from '../../../lib/errors.js';
import { allQualityOptions } from '../../cargo/service.js';
import { getContractor } from '../../contractors/service.js';
import { PURCHASE, SALES } from '../kinds.js';
import * as details from '../queries/details.js';
import { type ContractListRow, listContracts } from '../queries/list.js';

type ContractRow = ContractListRow;

const ownerName = (row: ContractRow) => `${row.ownerFirstName} ${row.ownerLastName}`;

function counters(row: ContractRow) {
  return {
    cargoQuantityKg: row.cargoQuantityKg,
    allocatedKg: row.allocatedKg,
    inDeliveryKg: row.inDeliveryKg,
    inDeliveryCount: row.inDeliveryCount,
    deliveredKg: row.deliveredKg,
  };
}

/** The fields a list row and the dashboard share, with the derived values of RULES.md Contracts. */
function commonFields(row: ContractRow) {
  return {
    id: row.id,
    documentNumber: row.documentNumber,
    status: row.status,
    agreementStatus: row.agreementStatus,
    userId: row.userId,
    ownerName: ownerName(row),
    currency: row.currency,
    freight: row.freight,
    isFor: row.isFor,
    isCert: row.isCert,
    isGmp: row.isGmp,
    dateOfReceiptFrom: row.dateOfReceiptFrom,
    dateOfReceiptTo: row.dateOfReceiptTo,
    rawMaterialId: row.rawMaterialId,
    rawMaterialQualityId: row.rawMaterialQualityId,
    rawMaterialQualityTitle: row.rawMaterialQualityTitle,
    cargoQuantity: row.cargoQuantityKg,
    price: row.price,
    isTolerance: row.isTolerance,
    comments: row.comments,
    canDelete: canDeleteContract(row),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/*
 * List items add to the common fields with Object.assign, not object spread: for these 30-odd fields V8 spends
 * 40-80 µs a row on the spread and 3-4 µs on the assign, and an export maps 100 000 rows on the event loop.
 */
export function toPurchaseListItem(row: ContractRow): PurchaseListItem {
  return Object.assign(commonFields(row), purchaseFigures(counters(row)), {
    supplierId: row.counterpartyId,
    supplierCode: row.counterpartyCode,
    supplierName: row.counterpartyName,
    minPrice: row.minPrice,
    address: formatAddressLine(row),
  });
}

export function toSalesListItem(row: ContractRow): SalesListItem {
  return Object.assign(commonFields(row), salesFigures(counters(row)), {
    recipientId: row.counterpartyId,
    recipientCode: row.counterpartyCode,
    recipientName: row.counterpartyName,
    address: formatAddressLine(row),
  });
}

export async function listPurchases(ctx: Ctx, request: ContractListRequest) {
  const page = await listContracts(ctx.db, 'PURCHASE', request);
  return { ...page, list: page.list.map(toPurchaseListItem) };
}

export async function listSales(ctx: Ctx, request: ContractListRequest) {
  const page = await listContracts(ctx.db, 'SALES', request);
  return { ...page, list: page.list.map(toSalesListItem) };
}

/** Everything the dashboard shows besides the contract row: options, contacts and the audit history. */
async function loadDetails(db: Db, type: 'PURCHASE' | 'SALES', id: number) {
  const row = await details.getContractDetails(db, type, id);
  if (!row) throw new AppError('CONTRACT_NOT_FOUND');
  const kind = type === 'PURCHASE' ? PURCHASE : SALES;
  const [options, contacts, history] = [
    await details.priceOptionsOf(db, id),
    await details.contactsOf(db, id),
    await historyOf(db, kind.auditEntity, id),
  ];
  const [mainOption, ...additional] = options;
  if (!mainOption?.isMainOption) throw new Error(`Contract ${id} has no main price option`);
  const range = toleranceRange(row);
  return {
    row,
    dashboard: {
      address: {
        street: row.street,
        buildingNumber: row.buildingNumber,
        postCode: row.postCode,
        city: row.city,
        countryCode: row.countryCode,
      },
      rawMaterialName: row.rawMaterialName,
      toleranceType: row.toleranceType,
      toleranceQuantity: row.toleranceQuantity,
      toleranceUnit: row.toleranceUnit,
      toleranceRange: range && { min: range.minKg, max: range.maxKg },
      toleranceUpperLimit: toleranceUpperLimitKg(row),
      mainCargoOption: mainOption,
      additionalCargoOption: additional,
      hasOption: additional.length > 0,
      contactList: contacts,
      emailNotificationList: row.emailNotificationList,
      history,
      qualitySummary: qualitySummary(await details.qualitySettlementsOf(db, id)),
    },
    counterpartyAddress: {
      street: row.counterpartyStreet,
      buildingNumber: row.counterpartyBuildingNumber,
      postCode: row.counterpartyPostCode,
      city: row.counterpartyCity,
      countryCode: row.counterpartyCountryCode,
    },
  };
}

export async function loadPurchaseDashboard(db: Db, id: number): Promise<PurchaseDashboardResponse> {
  const { row, dashboard, counterpartyAddress } = await loadDetails(db, 'PURCHASE', id);
  const { address: _oneLine, ...item } = toPurchaseListItem(row);
  return {
    ...item,
    ...dashboard,
    supplierAddress: counterpartyAddress,
    countyCode: row.countyCode,
    confirmationNotesForSales: await details.confirmationNotesOf(db, id),
    ...(await details.overDeliveriesOf(db, 'PURCHASE', id)),
  };
}

export async function loadSalesDashboard(db: Db, id: number): Promise<SalesDashboardResponse> {
  const { row, dashboard, counterpartyAddress } = await loadDetails(db, 'SALES', id);
  const { address: _oneLine, ...item } = toSalesListItem(row);
  return {
    ...item,
    ...dashboard,
    recipientAddress: counterpartyAddress,
    salesRecipientId: row.counterpartyId,
    ...(await details.speculativeOf(db, id)),
    ...(await details.overDeliveriesOf(db, 'SALES', id)),
  };
}

export function getPurchaseDashboard(ctx: Ctx, id: number) {
  return loadPurchaseDashboard(ctx.db, id);
}

export function getSalesDashboard(ctx: Ctx, id: number) {
  return loadSalesDashboard(ctx.db, id);
}

async function priceOptionList(ctx: Ctx, type: 'PURCHASE' | 'SALES', id: number) {
  if ((await details.counterpartyIdOf(ctx.db, type, id)) === null) throw new AppError('CONTRACT_NOT_FOUND');
  return { list: await details.priceOptionsOf(ctx.db, id) };
}

export const purchasePriceOptionList = (ctx: Ctx, id: number) => priceOptionList(ctx, 'PURCHASE', id);
export const salesPriceOptionList = (ctx: Ctx, id: number) => priceOptionList(ctx, 'SALES', id);

/** The contract's counterparty as the contractor screen shows it (through the contractors service). */
async function counterpartyOf(ctx: Ctx, type: 'PURCHASE' | 'SALES', id: number): Promise<ContractorResponse> {
  const counterpartyId = await details.counterpartyIdOf(ctx.db, type, id);
  if (counterpartyId === null) throw new AppError('CONTRACT_NOT_FOUND');
  return (await getContractor(ctx, counterpartyId)).result;
}

export const purchaseSupplier = (ctx: Ctx, id: number) => counterpartyOf(ctx, 'PURCHASE', id);
export const salesRecipient = (ctx: Ctx, id: number) => counterpartyOf(ctx, 'SALES', id);

/** spec/2 Cargo: the quality options of a sale's raw material (for the transport and delivery forms). */
export async function salesQualityOptions(ctx: Ctx, salesId: number) {
  const rawMaterialId = await details.rawMaterialIdOf(ctx.db, 'SALES', salesId);
  if (rawMaterialId === null) throw new AppError('CONTRACT_NOT_FOUND');
  return allQualityOptions(ctx, rawMaterialId);
}
