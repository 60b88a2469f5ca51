import { describe, expect, it } from 'vitest';
import { type AllocationRowView, cannotDeleteReasons, dashboardExtrasOf, pairOfDashboardRow } from './contract-view';
import { purchaseDashboard, salesDashboard } from './fixtures';

describe('dashboardExtrasOf', () => {
  it('answers a sale speculative tonnes and no speculative figures for a purchase (RULES.md Allocations)', () => {
    const sale = { ...salesDashboard, allocatedSpeculative: 30_000, inDeliverySpeculative: 12_500 };
    expect(dashboardExtrasOf(sale).speculative).toEqual({ allocated: 30_000, inDelivery: 12_500 });
    expect(dashboardExtrasOf(purchaseDashboard).speculative).toBeNull();
  });

  it('answers the over-delivered tonnes and their notes (RULES.md Transports, Delivered)', () => {
    const purchase = { ...purchaseDashboard, overDelivered: 2_000, overDeliveryNotes: ['Waga 52 t na rampie'] };
    expect(dashboardExtrasOf(purchase)).toMatchObject({
      overDelivered: 2_000,
      overDeliveryNotes: ['Waga 52 t na rampie'],
    });
  });
});

const contract = (overrides: Partial<Parameters<typeof cannotDeleteReasons>[0]> = {}) => ({
  canDelete: false,
  allocated: 0,
  inDeliveryTransportCount: 0,
  delivered: 0,
  ...overrides,
});

describe('cannotDeleteReasons', () => {
  it('says nothing while the contract can be deleted', () => {
    expect(cannotDeleteReasons(contract({ canDelete: true }))).toEqual([]);
  });

  it('names allocations and transports from the dashboard figures', () => {
    expect(cannotDeleteReasons(contract({ allocated: 20_000 }))).toEqual(['hasAllocations']);
    expect(cannotDeleteReasons(contract({ allocated: 20_000, delivered: 5_000 }))).toEqual([
      'hasAllocations',
      'hasTransports',
    ]);
    expect(cannotDeleteReasons(contract({ inDeliveryTransportCount: 1 }))).toEqual(['hasTransports']);
  });

  it('falls back to transports when no figure shows why (a NEW or cancelled transport)', () => {
    expect(cannotDeleteReasons(contract())).toEqual(['hasTransports']);
  });
});

describe('pairOfDashboardRow', () => {
  const row: AllocationRowView = {
    allocationId: 1,
    purchaseId: 10,
    salesId: 20,
    contractId: 20,
    documentNumber: 'SP/2026/0009',
    counterparty: { id: 6, code: 'MLYN', name: 'Młyn' },
    status: 'ACTIVE',
    qualityTitle: 'Pszenica',
    cargoQuantity: 100_000,
    price: 90_000,
    currency: 'PLN',
    dateOfReceiptFrom: '2026-03-01',
    dateOfReceiptTo: '2026-06-30',
    isGmp: false,
    allocated: 50_000,
    inDelivery: 10_000,
    inDeliveryTransportCount: 1,
    delivered: 5_000,
    place: '45-001 Opole',
  };

  it('shows both ends of the route and both names, seen from the purchase', () => {
    const pair = pairOfDashboardRow({ kind: 'purchase' }, purchaseDashboard, row);
    expect(pair).toMatchObject({
      supplierCode: 'AGRO',
      supplierName: 'Agro sp. z o.o.',
      recipientCode: 'MLYN',
      recipientName: 'Młyn',
      to: '45-001 Opole',
      toPickUpKg: 35_000,
    });
    expect(pair.from).toBeTruthy();
  });

  it('shows both ends of the route seen from the sale: the other purchase is the loading place', () => {
    const purchaseRow = { ...row, counterparty: { id: 5, code: 'AGRO', name: null }, place: '99-300 Kutno' };
    const pair = pairOfDashboardRow({ kind: 'sales' }, salesDashboard, purchaseRow);
    expect(pair).toMatchObject({ supplierCode: 'AGRO', recipientCode: 'MLYN', from: '99-300 Kutno' });
    expect(pair.to).toBeTruthy();
  });
});
