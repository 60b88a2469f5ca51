import type { TransportResponse } from '@grain/shared';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TransportsTable } from './components/transports-table';

const side = (code: string, documentNumber: string) => ({
  contractorId: 1,
  code,
  name: null,
  documentNumber,
  freight: 'FCA' as const,
  isGmp: false,
  isCert: false,
});
const address = { street: 'Polna', buildingNumber: '7', postCode: '99-300', city: 'Kutno', countryCode: 'PL' };

function row(id: number, overrides: Partial<TransportResponse>): TransportResponse {
  return {
    id,
    purchaseId: 1,
    salesId: 2,
    status: 'NEW',
    registrationNumber: null,
    trailerNumber: null,
    carrierId: 3,
    carrierCode: 'PRZ',
    carrierName: 'Trans-Pol',
    driverName: null,
    phoneNumber: null,
    driverDocumentId: null,
    cargoQuantity: 25_000,
    pricePerTon: 15_000,
    currency: 'PLN',
    value: 375_000,
    dateLoading: '2026-04-02',
    dateUnloading: '2026-04-04',
    isGmp: false,
    gmpNumber: null,
    comment: null,
    confirmationNote: null,
    doubleBookingNote: null,
    saleIsGmp: false,
    gmpNotSatisfied: false,
    purchaseSupplier: side('DOS', 'ZK/1'),
    salesRecipient: side('ODB', 'SP/1'),
    loadingAddress: address,
    unloadingAddress: address,
    loadingAddressFull: 'Polna 7, 99-300 Kutno',
    unloadingAddressFull: 'Polna 7, 99-300 Kutno',
    rawMaterialId: 1,
    rawMaterial: 'Pszenica',
    purchaseQualityId: 1,
    purchaseQualityTitle: 'Konsumpcyjna',
    salesQualityId: 1,
    salesQualityTitle: 'Konsumpcyjna',
    purchasePrice: 85_000,
    purchaseCurrency: 'PLN',
    salesPrice: 97_500,
    salesCurrency: 'PLN',
    cargoValue: 2_125_000,
    contractPurchaseStatus: 'ACTIVE',
    contractSalesStatus: 'ACTIVE',
    unloadingId: null,
    unloadingDate: null,
    realCargoQuantity: null,
    realCargoPrice: null,
    realCargoValue: null,
    realCargoQualityId: null,
    realCargoQualityTitle: null,
    realTransportPrice: null,
    realValue: null,
    deductions: null,
    purchaseDeductions: null,
    salesDeductions: null,
    transportDeductions: null,
    labResults: null,
    isToDecide: false,
    decision: null,
    decisionNote: null,
    details: null,
    createdAt: '2026-04-01T08:00:00Z',
    updatedAt: '2026-04-01T08:00:00Z',
    ...overrides,
  };
}

const filters: unknown[] = [];
vi.mock('./api', () => ({
  useTransportList: (_state: unknown, toFilter: (filter: object) => unknown) => {
    filters.push(toFilter({}));
    return {
      data: {
        list: [
          row(7, { status: 'ON_THE_WAY' }),
          row(8, { saleIsGmp: true, gmpNotSatisfied: true, confirmationNote: 'Odbiorca się zgodził' }),
        ],
        filtered: 2,
        total: 2,
      },
      isFetching: false,
      isError: false,
      dataUpdatedAt: 0,
      refetch: vi.fn(),
    };
  },
  useUpdateTransportStatus: () => ({ mutateAsync: vi.fn() }),
  useRemoveTransport: () => ({ mutateAsync: vi.fn() }),
  canBeSetOnTheWay: vi.fn(),
}));

afterEach(cleanup);

function renderTable(props: { purchaseId?: number; salesId?: number }) {
  render(
    <MantineProvider>
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <TransportsTable {...props} />
        </MemoryRouter>
      </QueryClientProvider>
    </MantineProvider>,
  );
}

describe('TransportsTable (contract dashboards)', () => {
  it("lists one purchase's transports without the purchase columns", () => {
    renderTable({ purchaseId: 1 });
    expect(filters.at(-1)).toEqual({ purchaseId: 1, salesId: undefined });
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).not.toContain('Umowa zakupu');
    expect(headers).not.toContain('Dostawca');
    expect(headers).toContain('Umowa sprzedaży');
  });

  it('disables delete for a transport on the way, keeps it for a new one', () => {
    renderTable({ salesId: 2 });
    const isDisabled = (name: string) => (screen.getByRole('button', { name }) as HTMLButtonElement).disabled;
    expect(isDisabled('Transportu w drodze nie można usunąć z poziomu kontraktu')).toBe(true);
    expect(isDisabled('Usuń transport #8')).toBe(false);
    expect(isDisabled('Przekieruj transport #7')).toBe(false);
    expect(isDisabled('Przekierować można tylko transport w drodze')).toBe(true);
  });

  it('shows the GMP warning row with the note under the transport that lacks GMP', () => {
    renderTable({ salesId: 2 });
    const warning = screen.getByTestId('gmp-warning-8');
    expect(within(warning).getByText('GMP niespełnione')).toBeTruthy();
    expect(within(warning).getByText('Uzasadnienie: Odbiorca się zgodził')).toBeTruthy();
    expect(screen.queryByTestId('gmp-warning-7')).toBeNull();
  });
});
