import { ACTION_LOCK_MS } from '@grain/shared';
import { MantineProvider, TextInput } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { confirmAction } from './form/confirm';
import { FilterPanel } from './list/filter-panel';

const wrap = (node: ReactNode) =>
  render(
    // env="test": no transitions, so the dialog is there at once and the fake clock counts only the lock.
    <MantineProvider env="test">
      <ModalsProvider>{node}</ModalsProvider>
    </MantineProvider>,
  );

/** Moves the fake clock and lets React draw what the timers changed. */
const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));
/** A button of the dialog just opened, once the modal manager has drawn it (without moving the clock). */
async function shown(role: 'button', options: { name: string }) {
  await advance(0);
  return screen.getByRole(role, options);
}
const isDisabled = (button: HTMLElement) => (button as HTMLButtonElement).disabled;

/** Opens a confirmation through the modal manager; `answer()` is what it resolved to so far (null: nothing yet). */
async function openConfirm(options: Parameters<typeof confirmAction>[0]) {
  wrap(null);
  let answer: boolean | null = null;
  await act(async () => {
    void confirmAction(options).then((value) => {
      answer = value;
    });
  });
  return () => answer;
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

describe('the status confirmation delay (spec/2 section 9)', () => {
  it('is the 600 ms of the spec', () => {
    expect(ACTION_LOCK_MS).toBe(600);
  });

  it('keeps the confirm button of a status change disabled until 600 ms after the dialog opened', async () => {
    const answer = await openConfirm({
      title: 'Zmiana statusu',
      confirmLabel: 'Anuluj transport',
      isStatusChange: true,
    });
    const confirm = await shown('button', { name: 'Anuluj transport' });
    expect(confirm.getAttribute('aria-disabled')).toBe('true');
    // A double click that follows the one that opened the dialog does nothing.
    fireEvent.click(confirm);
    fireEvent.click(confirm);
    await advance(ACTION_LOCK_MS - 1);
    expect(confirm.getAttribute('aria-disabled')).toBe('true');
    fireEvent.click(confirm);
    expect(answer()).toBeNull();

    await advance(1);
    expect(confirm.hasAttribute('aria-disabled')).toBe(false);
    fireEvent.click(confirm);
    await advance(0);
    expect(answer()).toBe(true);
  });

  it('lets other confirmations act at once', async () => {
    const answer = await openConfirm({ title: 'Usunięcie', confirmLabel: 'Usuń' });
    const confirm = await shown('button', { name: 'Usuń' });
    expect(confirm.hasAttribute('aria-disabled')).toBe(false);
    fireEvent.click(confirm);
    await advance(0);
    expect(answer()).toBe(true);
  });

  it('answers false on cancel, locked or not', async () => {
    const answer = await openConfirm({ title: 'Zmiana statusu', confirmLabel: 'Zmień', isStatusChange: true });
    fireEvent.click(await shown('button', { name: 'Anuluj' }));
    await advance(0);
    expect(answer()).toBe(false);
  });
});

describe('the filter button lock (spec/2 section 9)', () => {
  function Panel({ onApply }: { onApply: (filter: Record<string, string | string[]>) => void }) {
    return (
      <FilterPanel isOpen value={{}} defaults={{}} onApply={onApply}>
        {(draft, setDraft) => (
          <TextInput
            label="Kod"
            value={(draft.code as string | undefined) ?? ''}
            onChange={(event) => setDraft({ code: event.currentTarget.value })}
          />
        )}
      </FilterPanel>
    );
  }

  it('cannot be pressed again within 600 ms of a press', async () => {
    const onApply = vi.fn();
    wrap(<Panel onApply={onApply} />);
    const apply = screen.getByRole('button', { name: 'Zastosuj filtry' });
    fireEvent.change(screen.getByLabelText('Kod'), { target: { value: 'DOS' } });
    expect(isDisabled(apply)).toBe(false);
    fireEvent.click(apply);
    fireEvent.click(apply);
    expect(onApply).toHaveBeenCalledTimes(1);
    expect(onApply).toHaveBeenLastCalledWith({ code: 'DOS' });

    // Changed again at once: still locked until 600 ms after the press.
    fireEvent.change(screen.getByLabelText('Kod'), { target: { value: 'ODB' } });
    await advance(ACTION_LOCK_MS - 1);
    expect(isDisabled(apply)).toBe(true);
    fireEvent.click(apply);
    expect(onApply).toHaveBeenCalledTimes(1);

    await advance(1);
    expect(isDisabled(apply)).toBe(false);
    fireEvent.click(apply);
    expect(onApply).toHaveBeenCalledTimes(2);
    expect(onApply).toHaveBeenLastCalledWith({ code: 'ODB' });
  });
});
