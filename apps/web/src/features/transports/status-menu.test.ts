import { describe, expect, it } from 'vitest';
import { statusChoices } from './status-menu';

describe('statusChoices', () => {
  it('offers NEW -> ON_THE_WAY through the server check, and cancelling with a confirmation', () => {
    expect(statusChoices('NEW')).toEqual([
      { status: 'ON_THE_WAY', step: 'checkOnTheWay' },
      { status: 'CANCELLED', step: 'confirm' },
    ]);
  });

  it('offers ON_THE_WAY -> DELIVERED through the delivered modal, the rest with a confirmation', () => {
    expect(statusChoices('ON_THE_WAY')).toEqual([
      { status: 'DELIVERED', step: 'deliver' },
      { status: 'RETURN_TO_CLIENT', step: 'confirm' },
      { status: 'NEW', step: 'confirm' },
      { status: 'CANCELLED', step: 'confirm' },
    ]);
  });

  it('offers nothing for the final statuses', () => {
    expect(statusChoices('DELIVERED')).toEqual([]);
    expect(statusChoices('RETURN_TO_CLIENT')).toEqual([]);
    expect(statusChoices('CANCELLED')).toEqual([]);
  });
});
