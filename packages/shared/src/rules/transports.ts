import type { AccountingMethod, ContractStatus, Currency, TransactionKind, TransportStatus } from '../enums.js';
import { RATE_SCALE } from '../units.js';
import {
  isAllocatableStatus,
  isAllocationNoteMissing,
  isConfirmationNoteSufficient,
  isGmpCertMismatch,
} from './allocations.js';
import {
  type LabResult,
  priceLineTotals,
  type QualitySettlementRecord,
  type QualityTerm,
  qualitySettlementRecord,
} from './quality.js';
import { lineValue } from './settlements.js';
import { isGrowthWithinLimit, type ToleranceTerms, toleranceUpperLimitKg } from './tolerance.js';
import { vehicleKey } from './vehicle-key.js';

/** Pure transport rules on integers (kg, minor units), RULES.md Transports. No I/O. */

/** spec/1 section 4: active statuses; the active tab shows them, the delivered tab DELIVERED. */
export const ACTIVE_TRANSPORT_STATUSES = ['NEW', 'ON_THE_WAY'] as const satisfies readonly TransportStatus[];
/**
 * RULES.md Transports: the changes update-status makes. ON_THE_WAY -> DELIVERED happens only through
 * set-status-delivered; DELIVERED, RETURN_TO_CLIENT and CANCELLED are final. Anything else is WRONG_STATUS.
 */
export const TRANSPORT_STATUS_TRANSITIONS: Readonly<Record<TransportStatus, readonly TransportStatus[]>> = {
  NEW: ['ON_THE_WAY', 'CANCELLED'],
  ON_THE_WAY: ['NEW', 'RETURN_TO_CLIENT', 'CANCELLED'],
  DELIVERED: [],
  RETURN_TO_CLIENT: [],
  CANCELLED: [],
};

export function isAllowedTransportStatusChange(from: TransportStatus, to: TransportStatus): boolean {
  return TRANSPORT_STATUS_TRANSITIONS[from].includes(to);
}

const isActiveStatus = (status: TransportStatus) => (ACTIVE_TRANSPORT_STATUSES as readonly string[]).includes(status);

/** RULES.md Transports: edit only while NEW or ON_THE_WAY. */
export function isEditableTransport(status: TransportStatus): boolean {
  return isActiveStatus(status);
}

/** RULES.md Transports: delete only while NEW or ON_THE_WAY. */
export function isRemovableTransport(status: TransportStatus): boolean {
  return isActiveStatus(status);
}

/** RULES.md Transports: redirect only while ON_THE_WAY. */
export function isReallocatableTransport(status: TransportStatus): boolean {
  return status === 'ON_THE_WAY';
}

/** RULES.md Transports: what ON_THE_WAY requires (VALUE_IS_MISSING). */
export const ON_THE_WAY_REQUIRED_FIELDS = [
  'registrationNumber',
  'driverName',
  'phoneNumber',
  'driverDocumentId',
] as const;
export type OnTheWayRequiredField = (typeof ON_THE_WAY_REQUIRED_FIELDS)[number];

export function missingOnTheWayFields(
  transport: Record<OnTheWayRequiredField, string | null | undefined>,
): OnTheWayRequiredField[] {
  return ON_THE_WAY_REQUIRED_FIELDS.filter((field) => !transport[field]?.trim());
}

/** spec/1 Logistics warning row: the sale requires GMP and the transport has none. */
export function isGmpNotSatisfied(saleIsGmp: boolean, transportIsGmp: boolean): boolean {
  return saleIsGmp && !transportIsGmp;
}

/** RULES.md Transports: when GMP is not satisfied, a confirmationNote of 10+ characters is required. */
export function isGmpNoteMissing(
  saleIsGmp: boolean,
  transportIsGmp: boolean,
  confirmationNote: string | null,
): boolean {
  return isGmpNotSatisfied(saleIsGmp, transportIsGmp) && !isConfirmationNoteSufficient(confirmationNote);
}

/** The sale a transport is redirected to, as the server locks it and the web reads it from the candidates. */
export interface RedirectSale {
  status: ContractStatus;
  isGmp: boolean;
  isCert: boolean;
  allocatedKg: number;
  toleranceUpperLimitKg: number;
}

export interface RedirectCheck {
  sale: RedirectSale;
  purchase: { isGmp: boolean; isCert: boolean };
  transport: { isGmp: boolean; cargoQuantityKg: number };
  /** The (purchase, new sale) pair already has an allocation: its GMP/cert note was given then. */
  hasPairAllocation: boolean;
  confirmationNote: string | null;
}

export type RedirectRefusalCode =
  | 'WRONG_STATUS'
  | 'ALLOCATE_QUANTITY_IS_TO_BIG'
  | 'GMP_CERT_NOT_SATISFIED'
  | 'GMP_NOT_SATISFIED';

/**
 * RULES.md Transports, redirect: what the new sale refuses, in the server's order. The whole transport moves onto
 * the (purchase, new sale) allocation, so the sale's allocations grow by its quantity within the sale's upper
 * tolerance limit; a new pair needs the allocation's GMP/cert note, and a GMP sale the transport's GMP note.
 */
export function redirectRefusal(check: RedirectCheck): RedirectRefusalCode | null {
  const { sale, purchase, transport, confirmationNote } = check;
  if (!isAllocatableStatus(sale.status)) return 'WRONG_STATUS';
  if (!isGrowthWithinLimit(sale.toleranceUpperLimitKg, sale.allocatedKg, transport.cargoQuantityKg)) {
    return 'ALLOCATE_QUANTITY_IS_TO_BIG';
  }
  if (!check.hasPairAllocation && isAllocationNoteMissing(sale, purchase, confirmationNote)) {
    return 'GMP_CERT_NOT_SATISFIED';
  }
  if (isGmpNoteMissing(sale.isGmp, transport.isGmp, confirmationNote)) return 'GMP_NOT_SATISFIED';
  return null;
}

/** The redirect asks for a confirmationNote: the sale's GMP the transport lacks, or a new pair's GMP/cert gap. */
export function isRedirectNoteNeeded(check: Omit<RedirectCheck, 'confirmationNote'>): boolean {
  const { sale, purchase, transport } = check;
  return (
    isGmpNotSatisfied(sale.isGmp, transport.isGmp) || (!check.hasPairAllocation && isGmpCertMismatch(sale, purchase))
  );
}

/** A transport's share of its pair's and contracts' derived values. */
export interface DeliveryCounters {
  inDeliveryKg: number;
  inDeliveryCount: number;
  deliveredKg: number;
}

export const NO_COUNTERS: DeliveryCounters = { inDeliveryKg: 0, inDeliveryCount: 0, deliveredKg: 0 };

/**
 * RULES.md Contracts, derived values: inDelivery = planned quantity of ON_THE_WAY transports (and their count);
 * delivered = real quantity of DELIVERED transports. Other statuses count for nothing.
 */
export function countersOf(status: TransportStatus, plannedKg: number, realKg = 0): DeliveryCounters {
  if (status === 'ON_THE_WAY') return { inDeliveryKg: plannedKg, inDeliveryCount: 1, deliveredKg: 0 };
  if (status === 'DELIVERED') return { inDeliveryKg: 0, inDeliveryCount: 0, deliveredKg: realKg };
  return NO_COUNTERS;
}

/** What to add to the counters when a transport's share goes from `before` to `after`. */
export function counterChange(before: DeliveryCounters, after: DeliveryCounters): DeliveryCounters {
  return {
    inDeliveryKg: after.inDeliveryKg - before.inDeliveryKg,
    inDeliveryCount: after.inDeliveryCount - before.inDeliveryCount,
    deliveredKg: after.deliveredKg - before.deliveredKg,
  };
}

export function isNoCounterChange(change: DeliveryCounters): boolean {
  return change.inDeliveryKg === 0 && change.inDeliveryCount === 0 && change.deliveredKg === 0;
}

/**
 * RULES.md Transports: planned quantity of NEW and ON_THE_WAY transports plus delivered quantity on the pair may
 * not pass the allocation. `committedKg` is everything of the pair but the transport being checked, whose
 * share after the change is `transportKg` (planned, or real when it is being delivered).
 */
export function fitsAllocation(check: { allocationKg: number; committedKg: number; transportKg: number }): boolean {
  return check.committedKg + check.transportKg <= check.allocationKg;
}

/**
 * RULES.md Transports, Delivered: the growth of the pair's allocation a real quantity needs (what the pair then
 * carries, `committedKg` of the other transports plus the real kg, beyond the allocation), and by how much that
 * growth passes each contract's upper tolerance limit (never more than the growth itself).
 */
export function deliveryGrowth(input: {
  allocationKg: number;
  committedKg: number;
  realKg: number;
  purchase: ToleranceTerms & { allocatedKg: number };
  sale: ToleranceTerms & { allocatedKg: number };
}) {
  const growthKg = Math.max(0, input.committedKg + input.realKg - input.allocationKg);
  const overKg = (contract: ToleranceTerms & { allocatedKg: number }) =>
    Math.min(growthKg, Math.max(0, contract.allocatedKg + growthKg - toleranceUpperLimitKg(contract)));
  return { growthKg, purchaseOverKg: overKg(input.purchase), salesOverKg: overKg(input.sale) };
}

/**
 * A new transport needs both contracts still open: a CANCELLED or CLOSED contract takes no transport (RULES.md
 * Contracts refuses those statuses while a transport is active, so the two rules never contradict).
 */
export function isTransportableContract(status: ContractStatus): boolean {
  return status !== 'CANCELLED' && status !== 'CLOSED';
}

// --- Delivery: one unloading, three transactions (RULES.md Transports, Delivered) ---

export interface DeliveredTransport {
  id: number;
  carrierId: number;
  cargoQuantityKg: number;
  pricePerTon: number;
  currency: Currency;
  dateLoading: string;
}

export interface DeliveredContract {
  id: number;
  counterpartyId: number;
  price: number;
  currency: Currency;
  rawMaterialQualityId: number;
  /** The terms of the contract's main price option. */
  qualityTerms?: readonly QualityTerm[];
  /** The contract's additional price options: a delivery of one's quality takes its price and terms. */
  additionalOptions?: readonly DeliveredPriceOption[];
}

export interface DeliveredPriceOption {
  rawMaterialQualityId: number;
  price: number;
  qualityTerms: readonly QualityTerm[];
}

/**
 * RULES.md Transports, Quality: the price option whose quality was delivered applies to that side: an additional
 * option of the real quality (the first one, when two name it), else the main option (the contract's price and
 * terms). No real quality given means the planned one arrived: the main option.
 */
export function deliveredPriceOption(contract: DeliveredContract, realQualityId: number | null): DeliveredPriceOption {
  const main = {
    rawMaterialQualityId: contract.rawMaterialQualityId,
    price: contract.price,
    qualityTerms: contract.qualityTerms ?? [],
  };
  if (realQualityId === null || realQualityId === contract.rawMaterialQualityId) return main;
  return contract.additionalOptions?.find((option) => option.rawMaterialQualityId === realQualityId) ?? main;
}

/**
 * RULES.md Invoices, VAT and KSeF: a free deduction entered at delivery belongs to one side (purchase, sales or
 * transport) and is in that side's currency (minor units); it is never copied to another side. Null: none.
 */
export interface DeliveryDeductions {
  purchaseDeductions: number | null;
  salesDeductions: number | null;
  transportDeductions: number | null;
}

export interface Unloading extends DeliveryDeductions {
  id: number;
  unloadingDate: string;
  realCargoQuantityKg: number;
  realCargoPrice: number;
  realCargoQualityId: number | null;
  details: string | null;
  /** RULES.md Transports, Quality: lab results at the scale; null or none keeps each side's free deduction alone. */
  labResults?: readonly LabResult[] | null;
}

export interface DeliveryTransaction {
  kind: TransactionKind;
  status: 'TO_SETTLEMENT';
  transportId: number;
  unloadingId: number;
  contractId: number | null;
  contractorId: number;
  currency: Currency;
  plannedQualityId: number | null;
  realQualityId: number | null;
  plannedQuantityKg: number;
  realQuantityKg: number;
  plannedPrice: number;
  realPrice: number;
  plannedValue: number;
  realValue: number;
  exchangeRate: number | null;
  plnValue: number | null;
  deductions: number;
  surcharges: number;
  qualitySettlement: QualitySettlementRecord | null;
  accountingMethod: AccountingMethod | null;
  details: string | null;
  dateLoading: string;
  dateUnloading: string;
}

export interface DeliveryInput {
  transport: DeliveredTransport;
  purchase: DeliveredContract;
  sale: DeliveredContract;
  unloading: Unloading;
  accountingMethodOf: (contractorId: number) => AccountingMethod | null;
}

/**
 * RULES.md Transports, Delivered, and Settlements: PURCHASE (supplier, purchase price), SALES (recipient, sales
 * price), TRANSPORT (carrier, price per tonne), planned from the contracts and the transport, real from the
 * unloading. The delivered form has one real price: the purchase's (the sales row takes the price of its
 * delivered option, deliveredPriceOption, the transport row its price per tonne). No real quality given means the planned one arrived. Each row takes its
 * own side's free deduction, in its own currency, and no other (RULES.md Invoices, VAT and KSeF: never copied to
 * another side); the details go to all three. PLN rows get the rate 1 (10 000) and their PLN value now;
 * EUR and USD wait for the rate at settlement. With lab results each goods row is settled by its own
 * contract's delivered option's terms (rules/quality.ts): real kg = paid kg, its discounts and premiums added to its deductions and
 * surcharges, the lines stored; the transport row keeps the unloaded kg.
 */
export function deliveryTransactions({
  transport,
  purchase,
  sale,
  unloading,
  accountingMethodOf,
}: DeliveryInput): DeliveryTransaction[] {
  const grossKg = unloading.realCargoQuantityKg;
  const labResults = unloading.labResults ?? [];
  const row = (
    kind: TransactionKind,
    side: { contractId: number | null; contractorId: number; currency: Currency },
    quality: { planned: number | null; real: number | null },
    price: { planned: number; real: number },
    deductions: number,
    terms: readonly QualityTerm[] | null = null,
  ): DeliveryTransaction => {
    // With lab results a goods row is paid on its own contract's terms: paid kg at the base price, the
    // price lines as deductions and surcharges, the lines stored as computed.
    const qualitySettlement =
      terms && labResults.length
        ? qualitySettlementRecord({ grossKg, basePrice: price.real, terms, labResults })
        : null;
    const priceLines = qualitySettlement ? priceLineTotals(qualitySettlement.lines) : { deductions: 0, surcharges: 0 };
    const realQuantityKg = qualitySettlement?.paidKg ?? grossKg;
    const realValue = lineValue(realQuantityKg, price.real);
    const isPln = side.currency === 'PLN';
    return {
      kind,
      status: 'TO_SETTLEMENT',
      transportId: transport.id,
      unloadingId: unloading.id,
      ...side,
      plannedQualityId: quality.planned,
      realQualityId: quality.real,
      plannedQuantityKg: transport.cargoQuantityKg,
      realQuantityKg,
      plannedPrice: price.planned,
      realPrice: price.real,
      plannedValue: lineValue(transport.cargoQuantityKg, price.planned),
      realValue,
      exchangeRate: isPln ? RATE_SCALE : null,
      plnValue: isPln ? realValue : null,
      deductions: deductions + priceLines.deductions,
      surcharges: priceLines.surcharges,
      qualitySettlement,
      accountingMethod: accountingMethodOf(side.contractorId),
      details: unloading.details,
      dateLoading: transport.dateLoading,
      dateUnloading: unloading.unloadingDate,
    };
  };
  const goodsQuality = (contract: DeliveredContract) => ({
    planned: contract.rawMaterialQualityId,
    real: unloading.realCargoQualityId ?? contract.rawMaterialQualityId,
  });
  // The purchase's real price is the one typed at delivery (the form starts it from the delivered option's price);
  // the sale has no typed price, so it takes the delivered option's.
  const purchaseOption = deliveredPriceOption(purchase, unloading.realCargoQualityId);
  const saleOption = deliveredPriceOption(sale, unloading.realCargoQualityId);
  return [
    row(
      'PURCHASE',
      { contractId: purchase.id, contractorId: purchase.counterpartyId, currency: purchase.currency },
      goodsQuality(purchase),
      { planned: purchase.price, real: unloading.realCargoPrice },
      unloading.purchaseDeductions ?? 0,
      purchaseOption.qualityTerms,
    ),
    row(
      'SALES',
      { contractId: sale.id, contractorId: sale.counterpartyId, currency: sale.currency },
      goodsQuality(sale),
      { planned: sale.price, real: saleOption.price },
      unloading.salesDeductions ?? 0,
      saleOption.qualityTerms,
    ),
    row(
      'TRANSPORT',
      { contractId: null, contractorId: transport.carrierId, currency: transport.currency },
      { planned: null, real: null },
      { planned: transport.pricePerTon, real: transport.pricePerTon },
      unloading.transportDeductions ?? 0,
    ),
  ];
}

// --- No truck in two places (RULES.md Transports) ---

/** The days a transport holds its truck and driver: loading to unloading, both days included. */
export interface BookingPeriod {
  dateLoading: string | null;
  dateUnloading: string | null;
}

/**
 * RULES.md Transports: two periods overlap when they share at least one day (dates have no hour, so a
 * truck unloading on the day another loads counts as double booked). A missing unloading date occupies from the
 * loading date on; a missing loading date occupies everything up to the unloading date; no dates at all occupy
 * every day.
 */
export function areBookingsOverlapping(a: BookingPeriod, b: BookingPeriod): boolean {
  const startsBeforeOtherEnds = (x: BookingPeriod, y: BookingPeriod) =>
    x.dateLoading === null || y.dateUnloading === null || x.dateLoading <= y.dateUnloading;
  return startsBeforeOtherEnds(a, b) && startsBeforeOtherEnds(b, a);
}

export const VEHICLE_MATCH_FIELDS = ['registrationNumber', 'driverDocumentId'] as const;
export type VehicleMatchField = (typeof VEHICLE_MATCH_FIELDS)[number];

export interface VehicleBooking extends BookingPeriod {
  id: number | null;
  status: TransportStatus;
  registrationNumber: string | null;
  driverDocumentId: string | null;
}

/**
 * RULES.md Transports: what of `other` (same truck by normalised registration number, same driver by
 * normalised document) collides with `transport`: only another NEW or ON_THE_WAY transport whose dates overlap.
 * Empty when they do not collide.
 */
export function vehicleClashOf(transport: VehicleBooking, other: VehicleBooking): VehicleMatchField[] {
  if (other.id !== null && other.id === transport.id) return [];
  if (!isActiveStatus(other.status) || !areBookingsOverlapping(transport, other)) return [];
  return VEHICLE_MATCH_FIELDS.filter((field) => {
    const key = vehicleKey(transport[field]);
    return key !== null && key === vehicleKey(other[field]);
  });
}

/** The others that collide with `transport`, each with the fields that match. */
export function vehicleClashes<T extends VehicleBooking>(
  transport: VehicleBooking,
  others: readonly T[],
): { other: T; fields: VehicleMatchField[] }[] {
  return others.flatMap((other) => {
    const fields = vehicleClashOf(transport, other);
    return fields.length ? [{ other, fields }] : [];
  });
}

/** RULES.md Transports: a double booking is saved only with a `double_booking_note` of 10+ characters. */
export function isDoubleBookingNoteMissing(clashCount: number, doubleBookingNote: string | null | undefined): boolean {
  return clashCount > 0 && !isConfirmationNoteSufficient(doubleBookingNote);
}
