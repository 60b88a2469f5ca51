import { describe, expect, it } from 'vitest';
import { CONTRACT_STATUSES, type ContractStatus } from '../enums.js';
import {
  CONTRACT_STATUS_TRANSITIONS,
  canDeleteContract,
  formatAddressLine,
  formatDocumentNumber,
  isAllowedStatusChange,
  isStatusBlockedByActiveTransport,
  notAllocatedKg,
  purchaseFigures,
  realizedKg,
  salesFigures,
  toRealizeKg,
} from './contracts.js';

describe('isAllowedStatusChange (RULES.md Contracts)', () => {
  const allowed: [ContractStatus, ContractStatus][] = [
    ['NEW', 'ACTIVE'],
    ['NEW', 'NEXT_SEASON'],
    ['NEW', 'CANCELLED'],
    ['NEXT_SEASON', 'NEW'],
    ['NEXT_SEASON', 'ACTIVE'],
    ['NEXT_SEASON', 'CANCELLED'],
    ['ACTIVE', 'TO_SETTLEMENT'],
    ['ACTIVE', 'CANCELLED'],
    ['TO_SETTLEMENT', 'ACTIVE'],
    ['TO_SETTLEMENT', 'CLOSED'],
    ['CLOSED', 'TO_SETTLEMENT'],
    ['CANCELLED', 'NEW'],
  ];

  it('allows exactly the twelve changes of the table', () => {
    for (const from of CONTRACT_STATUSES) {
      for (const to of CONTRACT_STATUSES) {
        const isInTable = allowed.some(([a, b]) => a === from && b === to);
        expect(isAllowedStatusChange(from, to), `${from} -> ${to}`).toBe(isInTable);
      }
    }
    expect(Object.values(CONTRACT_STATUS_TRANSITIONS).flat()).toHaveLength(allowed.length);
  });

  it('refuses staying in the same status', () => {
    for (const status of CONTRACT_STATUSES) expect(isAllowedStatusChange(status, status)).toBe(false);
  });

  it('blocks only CANCELLED and CLOSED while a transport is active', () => {
    expect(CONTRACT_STATUSES.filter(isStatusBlockedByActiveTransport)).toEqual(['CLOSED', 'CANCELLED']);
  });
});

describe('derived values (RULES.md Contracts)', () => {
  const counters = {
    cargoQuantityKg: 100_000,
    allocatedKg: 60_000,
    inDeliveryKg: 25_000,
    inDeliveryCount: 1,
    deliveredKg: 24_500,
  };

  it('realized = inDelivery + delivered; to realize = quantity − realized; not allocated = quantity − allocated', () => {
    expect(realizedKg(counters)).toBe(49_500);
    expect(toRealizeKg(counters)).toBe(50_500);
    expect(notAllocatedKg(counters)).toBe(40_000);
  });

  it('names them toPickUp / allowed for a purchase and toDeliver / toAllocate for a sale', () => {
    expect(purchaseFigures(counters)).toEqual({
      allocated: 60_000,
      inDelivery: 25_000,
      inDeliveryTransportCount: 1,
      delivered: 24_500,
      realized: 49_500,
      toPickUp: 50_500,
      allowed: 40_000,
    });
    expect(salesFigures(counters)).toMatchObject({ toDeliver: 50_500, toAllocate: 40_000 });
  });

  it('goes negative when more moved or was allocated than the quantity (inside the tolerance)', () => {
    const over = { ...counters, allocatedKg: 104_000, inDeliveryKg: 0, deliveredKg: 103_000 };
    expect(toRealizeKg(over)).toBe(-3_000);
    expect(notAllocatedKg(over)).toBe(-4_000);
  });
});

describe('canDeleteContract (RULES.md Contracts)', () => {
  it('is true only without allocations and transports', () => {
    expect(canDeleteContract({ hasAllocation: false, hasTransport: false })).toBe(true);
    expect(canDeleteContract({ hasAllocation: true, hasTransport: false })).toBe(false);
    expect(canDeleteContract({ hasAllocation: false, hasTransport: true })).toBe(false);
  });
});

describe('formatting', () => {
  it('numbers documents ZK/YYYY/NNNN and SP/YYYY/NNNN', () => {
    expect(formatDocumentNumber('PURCHASE', 2026, 1)).toBe('ZK/2026/0001');
    expect(formatDocumentNumber('SALES', 2026, 42)).toBe('SP/2026/0042');
    expect(formatDocumentNumber('SALES', 2026, 12_345)).toBe('SP/2026/12345');
  });

  it('writes an address on one line, leaving out missing parts', () => {
    expect(formatAddressLine({ street: 'Polna', buildingNumber: '1', postCode: '60-001', city: 'Poznań' })).toBe(
      'Polna 1, 60-001 Poznań',
    );
    expect(formatAddressLine({ street: null, buildingNumber: null, postCode: null, city: 'Kalisz' })).toBe('Kalisz');
  });
});
