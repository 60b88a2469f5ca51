import { describe, expect, it } from 'vitest';
import { dashboardExtrasOf } from './contract-view';
import { purchaseDashboard, salesDashboard } from './test-fixtures';

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
