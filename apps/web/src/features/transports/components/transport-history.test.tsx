import type { HistoryEntry } from '@grain/shared';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../lib/format';
import { TransportHistoryTimeline } from './transport-history';

afterEach(cleanup);

const entry = (id: number, action: string, changes: Record<string, unknown>, extra: Partial<HistoryEntry> = {}) => ({
  id,
  entity: 'transport',
  entityId: 5,
  entityKind: null,
  action,
  changes,
  createdAt: '2026-03-02T09:15:00.000Z',
  userId: 2,
  userFirstName: 'Ewa',
  userLastName: 'Spedytor',
  ...extra,
});

const history: HistoryEntry[] = [
  entry(
    7,
    'settle',
    {
      status: { from: 'TO_SETTLEMENT', to: 'SETTLED' },
      exchangeRate: { from: null, to: 42_512 },
      plnValue: { from: null, to: 261_300_858 },
    },
    { entity: 'transaction', entityId: 12, entityKind: 'SALES' },
  ),
  entry(
    6,
    'set-invoice',
    { invoiceNumber: { from: null, to: 'FV/1/2026' }, invoiceDate: { from: null, to: '2026-03-10' } },
    { entity: 'transaction', entityId: 12, entityKind: 'SALES' },
  ),
  entry(5, 'deliver', {
    status: { from: 'ON_THE_WAY', to: 'DELIVERED' },
    unloadingId: 3,
    realCargoQuantityKg: { from: null, to: 24_500 },
    realCargoPrice: { from: null, to: 101_050 },
  }),
  entry(4, 'reallocate', {
    salesId: { from: 2, to: 9 },
    salesDocumentNumber: { from: 'SP/2026/0001', to: 'SP/2026/0009' },
    pricePerTon: { from: 15_000, to: 17_500 },
  }),
  entry(3, 'status', { status: { from: 'NEW', to: 'ON_THE_WAY' } }),
  entry(2, 'update', {
    carrierId: { from: 3, to: 4 },
    carrier: { from: 'K1 – Trans', to: 'K2 – Szybki' },
    cargoQuantityKg: { from: 25_000, to: 30_000 },
    dateUnloading: { from: '2026-03-04', to: '2026-03-05' },
  }),
  entry(1, 'create', { status: 'NEW', cargoQuantityKg: 25_000 }, { userFirstName: null, userLastName: null }),
];

function renderHistory() {
  render(
    <MantineProvider>
      <TransportHistoryTimeline
        transport={{ currency: 'PLN', purchaseCurrency: 'PLN', salesCurrency: 'EUR' }}
        history={history}
      />
    </MantineProvider>,
  );
  return screen.getByTestId('transport-history');
}

describe('TransportHistoryTimeline', () => {
  it('reads each change as "field: from → to" with who and when, newest first', () => {
    const timeline = renderHistory();
    const items = timeline.querySelectorAll('.mantine-Timeline-item');
    expect(items).toHaveLength(7);
    const [settle, invoice, deliver, redirect, status, update, create] = [...items].map(
      (item) => item.textContent ?? '',
    );
    expect(status).toContain('Zmiana statusu');
    expect(status).toContain('Status: Nowy → W drodze');
    expect(status).toContain(`${formatDateTime('2026-03-02T09:15:00.000Z')} · Ewa Spedytor`);
    expect(update).toContain('Przewoźnik: K1 – Trans → K2 – Szybki');
    expect(update).toMatch(/Ilość: 25,000 t → 30,000 t/);
    expect(update).toContain('Data rozładunku: 04.03.2026 → 05.03.2026');
    expect(update).not.toContain('carrierId');
    expect(redirect).toContain('Umowa sprzedaży: SP/2026/0001 → SP/2026/0009');
    expect(redirect).toMatch(/Fracht za tonę: 150,00\szł → 175,00\szł/);
    expect(deliver).toContain('Status: W drodze → Dostarczony');
    expect(deliver).toMatch(/Cena rzeczywista za t: — → 1\s010,50\szł/);
    expect(deliver).not.toContain('unloadingId');
    expect(settle).toContain('Rozliczenie (rozliczenie: Sprzedaż, #12)');
    expect(settle).toContain('Kurs: — → 4,2512');
    expect(settle).toMatch(/Wartość w PLN: — → 2\s613\s008,58\szł/);
    expect(invoice).toContain('Dane faktury (rozliczenie: Sprzedaż, #12)');
    expect(invoice).toContain('Numer faktury: — → FV/1/2026');
    expect(create).toContain('Utworzenie transportu');
    expect(create).toContain('system');
  });

  it('says so when there is no change yet', () => {
    render(
      <MantineProvider>
        <TransportHistoryTimeline
          transport={{ currency: 'PLN', purchaseCurrency: 'PLN', salesCurrency: 'PLN' }}
          history={[]}
        />
      </MantineProvider>,
    );
    expect(within(document.body).getByText('Brak zmian')).toBeTruthy();
  });
});
