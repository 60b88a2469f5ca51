import type { ContractStatus, ContractType } from '../enums.js';

/**
 * Pure contract rules on integers (kilograms, minor units), used by the server to enforce them and by the web
 * app to show the same numbers and to offer only the allowed choices.
 */

/** RULES.md Contracts: the status transition table; anything else is WRONG_STATUS. */
export const CONTRACT_STATUS_TRANSITIONS: Readonly<Record<ContractStatus, readonly ContractStatus[]>> = {
  NEW: ['ACTIVE', 'NEXT_SEASON', 'CANCELLED'],
  NEXT_SEASON: ['NEW', 'ACTIVE', 'CANCELLED'],
  ACTIVE: ['TO_SETTLEMENT', 'CANCELLED'],
  TO_SETTLEMENT: ['ACTIVE', 'CLOSED'],
  CLOSED: ['TO_SETTLEMENT'],
  CANCELLED: ['NEW'],
};

export function isAllowedStatusChange(from: ContractStatus, to: ContractStatus): boolean {
  return CONTRACT_STATUS_TRANSITIONS[from].includes(to);
}

export function nextContractStatuses(from: ContractStatus): readonly ContractStatus[] {
  return CONTRACT_STATUS_TRANSITIONS[from];
}

/** RULES.md Contracts: CANCELLED and CLOSED are refused while a transport of the contract is NEW or ON_THE_WAY. */
export function isStatusBlockedByActiveTransport(to: ContractStatus): boolean {
  return to === 'CANCELLED' || to === 'CLOSED';
}

/**
 * spec/1 section 4 and RULES.md Contracts: a contract is created as NEW; every other status comes through the
 * status calls. The create schemas accept this one status (or none).
 */
export const CONTRACT_CREATE_STATUS = 'NEW' satisfies ContractStatus;

export interface ContractCounters {
  cargoQuantityKg: number;
  allocatedKg: number;
  inDeliveryKg: number;
  inDeliveryCount: number;
  deliveredKg: number;
}

/** RULES.md Contracts, derived values: realized = inDelivery + delivered. */
export function realizedKg(counters: Pick<ContractCounters, 'inDeliveryKg' | 'deliveredKg'>): number {
  return counters.inDeliveryKg + counters.deliveredKg;
}

/** Purchase toPickUp and sales toDeliver = quantity − realized (negative when more than the quantity moved). */
export function toRealizeKg(counters: Pick<ContractCounters, 'cargoQuantityKg' | 'inDeliveryKg' | 'deliveredKg'>) {
  return counters.cargoQuantityKg - realizedKg(counters);
}

/** Purchase allowed and sales toAllocate = quantity − allocated (negative when allocated into the tolerance). */
export function notAllocatedKg(counters: Pick<ContractCounters, 'cargoQuantityKg' | 'allocatedKg'>): number {
  return counters.cargoQuantityKg - counters.allocatedKg;
}

function commonFigures(counters: ContractCounters) {
  return {
    allocated: counters.allocatedKg,
    inDelivery: counters.inDeliveryKg,
    inDeliveryTransportCount: counters.inDeliveryCount,
    delivered: counters.deliveredKg,
    realized: realizedKg(counters),
  };
}

/** Every derived figure of a purchase contract, named as its answers name them. */
export function purchaseFigures(counters: ContractCounters) {
  return { ...commonFigures(counters), toPickUp: toRealizeKg(counters), allowed: notAllocatedKg(counters) };
}

/** Every derived figure of a sales contract, named as its answers name them. */
export function salesFigures(counters: ContractCounters) {
  return { ...commonFigures(counters), toDeliver: toRealizeKg(counters), toAllocate: notAllocatedKg(counters) };
}

/** RULES.md Contracts: canDelete only while the contract has no allocation and no transport. */
export function canDeleteContract(usage: { hasAllocation: boolean; hasTransport: boolean }): boolean {
  return !usage.hasAllocation && !usage.hasTransport;
}

/** RULES.md Contracts: ZK (purchase) and SP (sales) numbers per kind and year, `ZK/2026/0001`. */
export const DOCUMENT_NUMBER_PREFIXES: Readonly<Record<ContractType, string>> = { PURCHASE: 'ZK', SALES: 'SP' };

export function formatDocumentNumber(type: ContractType, year: number, sequence: number): string {
  return `${DOCUMENT_NUMBER_PREFIXES[type]}/${year}/${String(sequence).padStart(4, '0')}`;
}

export interface AddressParts {
  street?: string | null;
  buildingNumber?: string | null;
  postCode?: string | null;
  city?: string | null;
}

/** One line for lists: "Polna 1, 60-001 Poznań"; missing parts are left out. */
export function formatAddressLine(address: AddressParts): string {
  const streetPart = [address.street, address.buildingNumber].filter(Boolean).join(' ');
  const cityPart = [address.postCode, address.city].filter(Boolean).join(' ');
  return [streetPart, cityPart].filter(Boolean).join(', ');
}
