import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PaginationFooter } from './data-table';
import type { ListStateApi } from './use-list-state';

afterEach(cleanup);

function renderFooter(props: { offset: number; filtered: number; isCapped?: boolean; rowCount: number }) {
  const setOffset = vi.fn();
  const list = {
    limit: 10,
    offset: props.offset,
    search: '',
    filter: {},
    orderBy: '',
    setOffset,
  } as unknown as ListStateApi;
  render(
    <MantineProvider>
      <PaginationFooter list={list} filtered={props.filtered} isCapped={props.isCapped} rowCount={props.rowCount} />
    </MantineProvider>,
  );
  return setOffset;
}

describe('PaginationFooter', () => {
  it('shows the exact count and the last page when the count is not capped', () => {
    renderFooter({ offset: 20, filtered: 25, rowCount: 5 });
    expect(screen.getByTestId('result-count').textContent).toBe('Wyniki: 25');
    expect(screen.getByTestId('page-indicator').textContent).toBe('Strona 3 z 3');
    expect((screen.getByRole('button', { name: 'Następna strona' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says "ponad 10 000 wyników" for a capped count and pages on past page 1000', () => {
    const setOffset = renderFooter({ offset: 10_000, filtered: 10_000, isCapped: true, rowCount: 10 });
    expect(screen.getByTestId('result-count').textContent).toBe('ponad 10 000 wyników');
    expect(screen.getByTestId('page-indicator').textContent).toBe('Strona 1001');
    fireEvent.click(screen.getByRole('button', { name: 'Następna strona' }));
    expect(setOffset).toHaveBeenCalledWith(10_010);
  });
});
