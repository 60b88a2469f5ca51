import type { PurchaseToAllocateRow, SalesDashboardResponse } from '@grain/shared';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AllocationModal } from './allocation-modal';

const mutateAsync = vi.fn();
vi.mock('../api', () => ({ useAllocate: () => ({ mutateAsync, isPending: false }) }));
vi.mock('../../../components/form/confirm', () => ({ confirmAction: () => Promise.resolve(true) }));
vi.mock('@mantine/notifications', () => ({ notifications: { show: vi.fn() } }));
vi.mock('../../contractors', () => ({ ContractorCode: () => null }));

const sale = {
  id: 11,
  documentNumber: 'SP/2026/0001',
  rawMaterialId: 1,
  status: 'ACTIVE',
  isGmp: true,
  isCert: false,
  toAllocate: 100_000,
  allocated: 20_000,
  toleranceUpperLimit: 120_000,
} as SalesDashboardResponse;

const purchase = (overrides: Partial<PurchaseToAllocateRow> = {}) =>
  ({
    id: 7,
    documentNumber: 'ZK/2026/0007',
    rawMaterialId: 1,
    status: 'ACTIVE',
    isGmp: false,
    isCert: false,
    cargoQuantity: 50_000,
    allocated: 0,
    toleranceUpperLimit: 50_000,
    allocationId: null,
    allocatedOnPurchase: 0,
    plannedOnPurchase: 0,
    inDeliveryOnPurchase: 0,
    deliveredOnPurchase: 0,
    confirmationNote: null,
    ...overrides,
  }) as PurchaseToAllocateRow;

function renderModal(row: PurchaseToAllocateRow) {
  render(
    <MantineProvider env="test">
      <AllocationModal sale={sale} purchase={row} onClose={vi.fn()} />
    </MantineProvider>,
  );
}

const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;
const quantity = () => screen.getByLabelText(/Ilość \(t\)/);

beforeEach(() => {
  mutateAsync.mockReset();
  mutateAsync.mockResolvedValue({ change: 'CREATED' });
});
afterEach(cleanup);

describe('AllocationModal', () => {
  it('is one dialog: the note shows under the quantity when the sale needs GMP, and save marks what is missing', async () => {
    renderModal(purchase());
    fireEvent.click(button('Alokuj'));
    expect(await screen.findByText('Pole jest wymagane')).toBeTruthy();
    expect(mutateAsync).not.toHaveBeenCalled();

    fireEvent.change(quantity(), { target: { value: '60' } });
    expect(screen.getByTestId('quantity-warning').dataset.warning).toBe('purchase');
    fireEvent.change(quantity(), { target: { value: '20' } });
    expect(screen.queryByTestId('quantity-warning')).toBeNull();

    expect(screen.getByTestId('mismatch-warning').textContent).toContain('wymaga GMP');
    fireEvent.click(button('Alokuj'));
    expect(await screen.findByText('Uzasadnienie musi mieć co najmniej 10 znaków')).toBeTruthy();
    expect(mutateAsync).not.toHaveBeenCalled();

    fireEvent.change(screen.getByLabelText(/Uzasadnienie/), { target: { value: 'Odbiorca akceptuje brak GMP' } });
    fireEvent.click(button('Alokuj'));
    await waitFor(() =>
      expect(mutateAsync).toHaveBeenCalledWith({
        purchaseId: 7,
        cargoQuantity: 20_000,
        confirmationNote: 'Odbiorca akceptuje brak GMP',
      }),
    );
  });

  it('edits without asking twice; 0 removes without a note, after the removal is confirmed', async () => {
    renderModal(purchase({ isGmp: true, allocationId: 3, allocatedOnPurchase: 15_000, allocated: 15_000 }));
    expect(screen.getByText('0 usuwa alokację')).toBeTruthy();
    fireEvent.change(quantity(), { target: { value: '0' } });
    fireEvent.click(button('Usuń alokację'));
    await waitFor(() =>
      expect(mutateAsync).toHaveBeenCalledWith({ purchaseId: 7, cargoQuantity: 0, confirmationNote: null }),
    );
  });
});
