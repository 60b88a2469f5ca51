import { SAVED_VIEW_STATE_MAX_BYTES, type SavedView } from '@grain/shared';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SaveViewModal } from './saved-view-modals';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const state = (search: string): SavedView['state'] => ({
  search,
  orderBy: '',
  limit: null,
  filter: [['tekst', Array.from({ length: 20 }, () => 'x'.repeat(1_000))]],
  columns: { order: null, hidden: null, density: null },
});

describe('SaveViewModal', () => {
  it('says under the name that a view over 16 KB is too big, without calling the server', () => {
    const calls = vi.spyOn(globalThis, 'fetch');
    const onSaved = vi.fn();
    const big = state('pszenica');
    expect(JSON.stringify(big).length).toBeGreaterThan(SAVED_VIEW_STATE_MAX_BYTES);
    render(
      <MantineProvider>
        <QueryClientProvider client={new QueryClient()}>
          <SaveViewModal isOpen onClose={vi.fn()} listKey="logistics" state={big} onSaved={onSaved} />
        </QueryClientProvider>
      </MantineProvider>,
    );
    fireEvent.change(screen.getByLabelText(/Nazwa widoku/), { target: { value: 'Duży widok' } });
    fireEvent.click(screen.getByRole('button', { name: 'Zapisz widok' }));
    expect(screen.getByText(/Widok jest za duży, by go zapisać \(najwyżej 16 KB\)/)).toBeTruthy();
    expect(calls).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
  });
});
