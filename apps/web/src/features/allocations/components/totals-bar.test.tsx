import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TotalsBar } from './totals-bar';

afterEach(cleanup);

const renderBar = (totals: Parameters<typeof TotalsBar>[0]['totals']) =>
  render(
    <MantineProvider>
      <TotalsBar totals={totals} />
    </MantineProvider>,
  );

describe('allocations TotalsBar', () => {
  it('shows the sums in tonnes with the trucks in delivery', () => {
    renderBar({ sumToDeliver: 25_500, sumInDelivery: 10_000, sumInDeliveryTransportCount: 2, sumDelivered: 5_000 });
    expect(screen.getByTestId('sum-to-deliver').textContent).toContain('25,5');
    expect(screen.getByTestId('sum-in-delivery').textContent).toMatch(/10.*2/);
    expect(screen.getByTestId('sum-delivered').textContent).toContain('5');
    expect(screen.queryByTestId('totals-capped')).toBeNull();
  });

  it('asks to narrow the search when more pairs match than the server sums (totals null)', () => {
    renderBar(null);
    expect(screen.getByTestId('totals-capped').textContent).toBe(
      'Suma: ponad 10 000 wyników, zawęź wyszukiwanie, by ją zobaczyć',
    );
    expect(screen.queryByTestId('sum-to-deliver')).toBeNull();
  });
});
