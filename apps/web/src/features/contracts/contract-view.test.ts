import { describe, expect, it } from 'vitest';
import { cannotDeleteReasons } from './contract-view';

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
