import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PaginationFooter } from './data-table';
import type { ListStateApi } from './use-list-state';

afterEach(cleanup);

function renderFooter(props: { offset: number; filtered: number; isCapped?: boolean }) {
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
      <PaginationFooter list={list} filtered={props.filtered} isCapped={props.isCapped} />
    </MantineProvider>,
  );
  return setOffset;
}

describe('PaginationFooter', () => {
  it('shows the exact count and the last page when the count is not capped', () => {
    renderFooter({ offset: 20, filtered: 25 });
    expect(screen.getByTestId('result-count').textContent).toBe('Wyniki: 25');
    expect(screen.getByTestId('page-indicator').textContent).toBe('Strona 3 z 3');
    expect((screen.getByRole('button', { name: 'Następna strona' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says "ponad 10 000 wyników" for a capped count and pages on up to the cap', () => {
    const setOffset = renderFooter({ offset: 9_980, filtered: 10_000, isCapped: true });
    expect(screen.getByTestId('result-count').textContent).toBe('ponad 10 000 wyników');
    expect(screen.getByTestId('page-indicator').textContent).toBe('Strona 999');
    fireEvent.click(screen.getByRole('button', { name: 'Następna strona' }));
    expect(setOffset).toHaveBeenCalledWith(9_990);
  });

  it('offers no page past the capped count (the server refuses it) and says to narrow the search', () => {
    const setOffset = renderFooter({ offset: 9_990, filtered: 10_000, isCapped: true });
    expect(screen.getByTestId('page-indicator').textContent).toBe('Strona 1000');
    const next = screen.getByRole('button', { name: 'Następna strona' }) as HTMLButtonElement;
    expect(next.disabled).toBe(true);
    fireEvent.click(next);
    expect(setOffset).not.toHaveBeenCalled();
    expect(screen.getByTestId('result-count').textContent).toBe(
      'ponad 10 000 wyników: zawęź wyszukiwanie, by zobaczyć dalsze',
    );
  });
});
