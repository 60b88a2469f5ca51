import { ACTION_LOCK_MS } from '@grain/shared';
import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SALES_SIDE } from '../side';
import { ContractStatusMenu } from './status-menus';

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

let fetch: ReturnType<typeof vi.fn>;
beforeEach(() => {
  vi.useFakeTimers();
  fetch = vi.fn(
    async () =>
      new Response(JSON.stringify({ id: 7, status: 'CANCELLED' }), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
  );
  vi.stubGlobal('fetch', fetch);
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe("a contract's status menu (spec/2 section 9: the status button's confirmation delay)", () => {
  it('sends the cancellation only when confirmed 600 ms or more after the dialog opened', async () => {
    render(
      <MantineProvider env="test">
        <QueryClientProvider client={new QueryClient()}>
          <ModalsProvider>
            <ContractStatusMenu side={SALES_SIDE} id={7} documentNumber="SP/2026/0007" status="NEW" />
          </ModalsProvider>
        </QueryClientProvider>
      </MantineProvider>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Zmień status SP/2026/0007' }));
    await advance(0);
    fireEvent.click(screen.getByRole('menuitem', { name: 'Anulowany' }));
    await advance(0);
    const dialog = screen.getByRole('dialog');
    const confirm = within(dialog).getByRole('button', { name: 'Potwierdź' });

    fireEvent.click(confirm);
    await advance(ACTION_LOCK_MS - 1);
    fireEvent.click(confirm);
    await advance(0);
    expect(fetch).not.toHaveBeenCalled();

    await advance(1);
    fireEvent.click(confirm);
    await advance(0);
    expect(fetch).toHaveBeenCalledOnce();
    const [url, init] = fetch.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/api/contract/update-sales-status');
    expect(JSON.parse(String(init.body))).toEqual({ status: 'CANCELLED', sales_id: 7 });
  });
});
