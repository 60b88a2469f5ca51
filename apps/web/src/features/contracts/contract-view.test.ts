import { describe, expect, it } from 'vitest';
import { cannotDeleteReasons, dashboardExtrasOf } from './contract-view';
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
