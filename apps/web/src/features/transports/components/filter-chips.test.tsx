import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FilterChips } from './filter-chips';

afterEach(cleanup);

describe('the logistics filter chips', () => {
  it('write a typed tonnage and dates as the list does (decimal comma, grouped thousands, DD.MM.YYYY)', () => {
    render(
      <MantineProvider env="test">
        <QueryClientProvider client={new QueryClient()}>
          <FilterChips
            tab="delivered"
            value={{ realCargoQuantityFrom: '1234.5', realCargoQuantityTo: '25', dateLoadingFrom: '2026-03-02' }}
            onRemove={() => {}}
            onClearAll={() => {}}
          />
        </QueryClientProvider>
      </MantineProvider>,
    );
    const text = (screen.getByTestId('filter-chips').textContent ?? '').replace(/\u00a0/g, ' ');
    expect(text).toContain('1 234,500 t');
    expect(text).toContain('25,000 t');
    expect(text).toContain('02.03.2026');
    expect(text).not.toContain('1234.5');
  });
});
