import type {
  AllocatedPurchaseRow,
  AllocatedSalesRow,
  ContractAddressResponse,
  PurchaseDashboardResponse,
  PurchaseListItem,
  SalesDashboardResponse,
  SalesListItem,
} from '@grain/shared';
import { contractorLabel } from '../contractors';
import type { TransportPairView } from '../transports';

/** Either side's dashboard answer (also the answer of create and update). */
export type ContractDashboard = PurchaseDashboardResponse | SalesDashboardResponse;
export type ContractListItem = PurchaseListItem | SalesListItem;

export interface CounterpartyView {
  id: number;
  code: string;
  name: string | null;
}

/** The supplier of a purchase or the recipient of a sale, under one name. */
export function counterpartyOf(contract: ContractDashboard | ContractListItem): CounterpartyView {
  if ('supplierId' in contract) {
    return { id: contract.supplierId, code: contract.supplierCode, name: contract.supplierName };
  }
  return { id: contract.recipientId, code: contract.recipientCode, name: contract.recipientName };
}

export function counterpartyAddressOf(contract: ContractDashboard): ContractAddressResponse {
  return 'supplierAddress' in contract ? contract.supplierAddress : contract.recipientAddress;
}

/** The server's derived figures (RULES.md Contracts) under side-neutral names. */
export function figuresOf(contract: ContractDashboard | ContractListItem) {
  const isPurchase = 'toPickUp' in contract;
  return {
    cargoQuantity: contract.cargoQuantity,
    allocated: contract.allocated,
    inDelivery: contract.inDelivery,
    inDeliveryTransportCount: contract.inDeliveryTransportCount,
    delivered: contract.delivered,
    realized: contract.realized,
    /** Purchase toPickUp, sales toDeliver. */
    toRealize: isPurchase ? contract.toPickUp : (contract as SalesListItem).toDeliver,
    /** Purchase allowed, sales toAllocate. */
    notAllocated: isPurchase ? contract.allowed : (contract as SalesListItem).toAllocate,
  };
}

/**
 * What the dashboard shows next to the figures: speculative tonnes of a sale (RULES.md Allocations; null on a
 * purchase) and the tonnes delivered beyond the tolerance limit with their notes (RULES.md Transports, Delivered).
 */
export function dashboardExtrasOf(contract: ContractDashboard) {
  return {
    speculative:
      'allocatedSpeculative' in contract
        ? { allocated: contract.allocatedSpeculative, inDelivery: contract.inDeliverySpeculative }
        : null,
    overDelivered: contract.overDelivered,
    overDeliveryNotes: contract.overDeliveryNotes,
  };
}

/** "ZK/2026/0001 AGRO · Agro-Pol": the contract's name in headers (spec/1 Contract dashboards), code with short name. */
export function contractName(contract: ContractDashboard): string {
  const { code, name } = counterpartyOf(contract);
  return `${contract.documentNumber} ${contractorLabel(code, name)}`;
}

/** A row of the dashboard's allocation table: the contract on the other side of one allocation pair. */
export interface AllocationRowView {
  allocationId: number;
  purchaseId: number;
  salesId: number;
  /** The other side's contract. */
  contractId: number;
  documentNumber: string;
  counterparty: CounterpartyView;
  status: AllocatedSalesRow['status'];
  qualityTitle: string;
  cargoQuantity: number;
  price: number;
  currency: AllocatedSalesRow['currency'];
  dateOfReceiptFrom: string;
  dateOfReceiptTo: string;
  isGmp: boolean;
  /** Of this pair (kg). */
  allocated: number;
  inDelivery: number;
  inDeliveryTransportCount: number;
  delivered: number;
  /** The other contract's place ("60-001 Poznań"), the other end of the pair's route. */
  place: string | null;
}

const placeOf = (address: { postCode?: string | null; city?: string | null } | null | undefined) =>
  [address?.postCode, address?.city].filter(Boolean).join(' ') || null;

const otherContractFields = (row: AllocatedSalesRow | AllocatedPurchaseRow) => ({
  allocationId: row.allocationId,
  documentNumber: row.documentNumber,
  status: row.status,
  qualityTitle: row.rawMaterialQualityTitle,
  cargoQuantity: row.cargoQuantity,
  price: row.price,
  currency: row.currency,
  dateOfReceiptFrom: row.dateOfReceiptFrom,
  dateOfReceiptTo: row.dateOfReceiptTo,
  isGmp: row.isGmp,
  place: placeOf(row.address),
});

/** Seen from a purchase the rows are sales (…ForSales), seen from a sale they are purchases (…OnPurchase). */
export function allocationRowView(row: AllocatedSalesRow | AllocatedPurchaseRow): AllocationRowView {
  if ('allocatedForSales' in row) {
    return {
      ...otherContractFields(row),
      purchaseId: row.purchaseId,
      salesId: row.salesId,
      contractId: row.salesId,
      counterparty: { id: row.recipientId, code: row.recipientCode, name: row.recipientName },
      allocated: row.allocatedForSales,
      inDelivery: row.inDeliveryForSales,
      inDeliveryTransportCount: row.inDeliveryTransportCountForSales,
      delivered: row.deliveredForSales,
    };
  }
  return {
    ...otherContractFields(row),
    purchaseId: row.id,
    salesId: row.salesId,
    contractId: row.id,
    counterparty: { id: row.supplierId, code: row.supplierCode, name: row.supplierName },
    allocated: row.allocatedOnPurchase,
    inDelivery: row.inDeliveryOnPurchase,
    inDeliveryTransportCount: row.inDeliveryTransportCountOnPurchase,
    delivered: row.deliveredOnPurchase,
  };
}

/**
 * The pair of a dashboard's allocation row as the new-transport dialog shows it: both numbers, codes and names,
 * both ends of the route (this contract's place and the other contract's), and the tonnes of the pair not yet in
 * delivery or delivered.
 */
export function pairOfDashboardRow(
  side: { kind: 'purchase' | 'sales' },
  contract: ContractDashboard,
  row: AllocationRowView,
): TransportPairView {
  const ownParty = counterpartyOf(contract);
  const own = { number: contract.documentNumber, party: ownParty, place: placeOf(contract.address) };
  const other = { number: row.documentNumber, party: row.counterparty, place: row.place };
  const [purchase, sale] = side.kind === 'purchase' ? [own, other] : [other, own];
  return {
    purchaseNumber: purchase.number,
    supplierCode: purchase.party.code,
    supplierName: purchase.party.name,
    saleNumber: sale.number,
    recipientCode: sale.party.code,
    recipientName: sale.party.name,
    from: purchase.place,
    to: sale.place,
    toPickUpKg: Math.max(0, row.allocated - row.inDelivery - row.delivered),
  };
}

/**
 * Why a contract cannot be deleted (RULES.md Contracts: canDelete only without allocations and transports), as
 * the i18n keys of the reasons the dashboard figures show; "hasTransports" also covers NEW or cancelled transports
 * that no figure counts.
 */
export function cannotDeleteReasons(
  contract: Pick<ContractDashboard, 'canDelete' | 'allocated' | 'inDeliveryTransportCount' | 'delivered'>,
): ('hasAllocations' | 'hasTransports')[] {
  if (contract.canDelete) return [];
  const reasons: ('hasAllocations' | 'hasTransports')[] = [];
  if (contract.allocated > 0) reasons.push('hasAllocations');
  if (contract.inDeliveryTransportCount > 0 || contract.delivered > 0 || reasons.length === 0) {
    reasons.push('hasTransports');
  }
  return reasons;
}
