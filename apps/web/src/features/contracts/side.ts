import {
  type AllocatedPurchaseSortKey,
  type AllocatedSalesSortKey,
  type ContractType,
  type Freight,
  PurchaseCreateRequestSchema,
  type PurchaseSortKey,
  PurchaseUpdateRequestSchema,
  SalesCreateRequestSchema,
  type SalesSortKey,
  SalesUpdateRequestSchema,
} from '@grain/shared';
import type { ZodType } from 'zod';

/**
 * What differs between the purchase and the sales side (spec/1 section 3: the sales contract is "the same with the
 * recipient in place of the supplier"). Every contract screen takes one of these two objects.
 */
/** The sortable columns of a dashboard's allocation list, by that list's shared sort-key union. */
interface AllocatedSortKeys<S extends string> {
  counterparty: S;
  allocated: S;
  inDelivery: S;
  delivered: S;
}

export interface ContractSide {
  kind: 'purchase' | 'sales';
  type: ContractType;
  /** The pl.ts section with this side's wording: contracts.purchase.* or contracts.sales.*. */
  i18n: 'contracts.purchase' | 'contracts.sales';
  listPath: string;
  /** The path segment of the API calls: create-purchase, get-sales-list, ... */
  api: 'purchase' | 'sales';
  /** Request keys of the counterparty and of the status calls. */
  counterpartyIdKey: 'purchaseSupplierId' | 'salesRecipientId';
  embeddedCounterpartyKey: 'purchaseSupplier' | 'salesRecipient';
  statusIdKey: 'purchaseId' | 'salesId';
  /** Sort key of the counterparty column (PURCHASE_SORT_KEYS / SALES_SORT_KEYS). */
  counterpartySortKey: Extract<PurchaseSortKey, 'supplier_code'> | Extract<SalesSortKey, 'recipient_code'>;
  /** spec/2 section 9: FCA for purchase, CPT for sales. */
  defaultFreight: Freight;
  /** FCA (reception at the supplier's) or CPT (supply to the recipient's): the freight whose address is the counterparty's. */
  counterpartyFreight: Freight;
  /** Purchase only (spec/1 section 3): minimum price and the county code shown with a certificate. */
  hasMinPrice: boolean;
  hasCountyCode: boolean;
  /** The allocation list of the dashboard: sales this purchase is allocated to, or purchases allocated to this sale. */
  allocatedListPath: (id: number) => string;
  /** Sort keys of that list (ALLOCATED_SALES_SORT_KEYS / ALLOCATED_PURCHASE_SORT_KEYS). */
  allocatedSortKeys: AllocatedSortKeys<AllocatedSalesSortKey> | AllocatedSortKeys<AllocatedPurchaseSortKey>;
  createSchema: ZodType;
  updateSchema: ZodType;
}

export const PURCHASE_SIDE: ContractSide = {
  kind: 'purchase',
  type: 'PURCHASE',
  i18n: 'contracts.purchase',
  listPath: '/contract/purchase-list',
  api: 'purchase',
  counterpartyIdKey: 'purchaseSupplierId',
  embeddedCounterpartyKey: 'purchaseSupplier',
  statusIdKey: 'purchaseId',
  counterpartySortKey: 'supplier_code',
  defaultFreight: 'FCA',
  counterpartyFreight: 'FCA',
  hasMinPrice: true,
  hasCountyCode: true,
  allocatedListPath: (id) => `/contract/get-purchase-allocated-contract/${id}`,
  allocatedSortKeys: {
    counterparty: 'recipient_code',
    allocated: 'allocated_for_sales',
    inDelivery: 'in_delivery_for_sales',
    delivered: 'delivered_for_sales',
  } satisfies AllocatedSortKeys<AllocatedSalesSortKey>,
  createSchema: PurchaseCreateRequestSchema,
  updateSchema: PurchaseUpdateRequestSchema,
};

export const SALES_SIDE: ContractSide = {
  kind: 'sales',
  type: 'SALES',
  i18n: 'contracts.sales',
  listPath: '/contract/sale-list',
  api: 'sales',
  counterpartyIdKey: 'salesRecipientId',
  embeddedCounterpartyKey: 'salesRecipient',
  statusIdKey: 'salesId',
  counterpartySortKey: 'recipient_code',
  defaultFreight: 'CPT',
  counterpartyFreight: 'CPT',
  hasMinPrice: false,
  hasCountyCode: false,
  allocatedListPath: (id) => `/contract/get-allocated-sales/${id}`,
  allocatedSortKeys: {
    counterparty: 'supplier_code',
    allocated: 'allocated_on_purchase',
    inDelivery: 'in_delivery_on_purchase',
    delivered: 'delivered_on_purchase',
  } satisfies AllocatedSortKeys<AllocatedPurchaseSortKey>,
  createSchema: SalesCreateRequestSchema,
  updateSchema: SalesUpdateRequestSchema,
};

/** The side of the contracts a dashboard's allocation table lists. */
export function otherSideOf(side: ContractSide): ContractSide {
  return side.kind === 'purchase' ? SALES_SIDE : PURCHASE_SIDE;
}

export const DASHBOARD_TABS = ['realization', 'details', 'transport'] as const;
export type DashboardTab = (typeof DASHBOARD_TABS)[number];

export function dashboardPath(side: ContractSide, id: number, tab: DashboardTab = 'realization'): string {
  return `${side.listPath}/dashboard/${id}/${tab}`;
}

export function formPath(side: ContractSide): string {
  return `${side.listPath}/form`;
}

/** The sale allocation screen (comes with the allocations issue). */
export function allocationPath(salesId: number): string {
  return `/contract/sale-list/allocation/${salesId}`;
}
