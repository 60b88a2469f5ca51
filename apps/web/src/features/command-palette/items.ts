import type { SearchResponse, UserRole } from '@grain/shared';
import type { TFunction } from 'i18next';
import type { RecentItem } from './recent';

export const PALETTE_GROUPS = ['recent', 'screens', 'contracts', 'transports', 'contractors', 'invoices'] as const;
export type PaletteGroup = (typeof PALETTE_GROUPS)[number];

export interface PaletteItem extends RecentItem {
  group: PaletteGroup;
}

/** The transport's details open over the logistics list (logistics-page.tsx reads `open`). */
export const transportPath = (id: number) => `/logistics/all?open=${id}`;

const SCREENS: { nav: string; to: string; isAdminOnly?: boolean }[] = [
  { nav: 'positions', to: '/positions' },
  { nav: 'contractors', to: '/contractor-list' },
  { nav: 'saleContracts', to: '/contract/sale-list' },
  { nav: 'purchaseContracts', to: '/contract/purchase-list' },
  { nav: 'allocations', to: '/allocations' },
  { nav: 'logistics', to: '/logistics/all' },
  { nav: 'transactionStatement', to: '/transaction-statement/all' },
  { nav: 'invoices', to: '/invoices' },
  { nav: 'rrInvoices', to: '/rr-invoices' },
  { nav: 'exchangeRates', to: '/exchange-rates' },
  { nav: 'myAccount', to: '/my-account' },
  { nav: 'users', to: '/users', isAdminOnly: true },
  { nav: 'cargoParams', to: '/cargo-params', isAdminOnly: true },
  { nav: 'companySettings', to: '/settings/company', isAdminOnly: true },
];

/** The app's screens the role may open (the menu's, the ADMIN-only ones for an ADMIN alone). */
export function screenItems(t: TFunction, role: UserRole | undefined): PaletteItem[] {
  return SCREENS.filter((screen) => !screen.isAdminOnly || role === 'ADMIN').map((screen) => ({
    key: `screen:${screen.to}`,
    label: t(`nav.${screen.nav}`),
    description: screen.to,
    to: screen.to,
    group: 'screens',
  }));
}

const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ');

/** The server's hits as palette items, in the order of the groups. */
export function hitItems(t: TFunction, hits: SearchResponse): PaletteItem[] {
  return [
    ...hits.contracts.map(
      (hit): PaletteItem => ({
        key: `contract:${hit.id}`,
        label: hit.documentNumber,
        description: joined(t(`palette.contract.${hit.type}`), hit.counterpartyName),
        to: `/contract/${hit.type === 'PURCHASE' ? 'purchase-list' : 'sale-list'}/dashboard/${hit.id}/details`,
        group: 'contracts',
      }),
    ),
    ...hits.transports.map(
      (hit): PaletteItem => ({
        key: `transport:${hit.id}`,
        label: hit.orderNumber,
        description: joined(
          t('palette.transport', { id: hit.id }),
          hit.carrierName,
          hit.registrationNumber,
          `${hit.purchaseDocumentNumber} → ${hit.salesDocumentNumber}`,
        ),
        to: transportPath(hit.id),
        group: 'transports',
      }),
    ),
    ...hits.contractors.map(
      (hit): PaletteItem => ({
        key: `contractor:${hit.id}`,
        label: hit.name ?? hit.code,
        description: joined(hit.code, hit.nip && `NIP ${hit.nip}`, hit.city),
        to: `/contractor-list/form/${hit.id}`,
        group: 'contractors',
      }),
    ),
    ...hits.invoices.map(
      (hit): PaletteItem => ({
        key: `invoice:${hit.id}`,
        label: hit.number,
        description: joined(t('palette.invoice'), hit.buyerName),
        to: `/invoices/${hit.id}`,
        group: 'invoices',
      }),
    ),
  ];
}

const folded = (text: string) => text.toLocaleLowerCase('pl');

/** Recent items and screens whose label or description holds the term (all of them for an empty term). */
export function matching<T extends RecentItem>(items: T[], term: string): T[] {
  const q = folded(term.trim());
  if (!q) return items;
  return items.filter((item) => folded(`${item.label} ${item.description}`).includes(q));
}

/**
 * What the palette lists: the recently opened items first, then the screens, then the server's hits; an item
 * appears once (a recent transport is not listed again among the hits).
 */
export function paletteItems(recent: RecentItem[], screens: PaletteItem[], hits: PaletteItem[], term: string) {
  const lead: PaletteItem[] = matching(recent, term).map((item) => ({ ...item, group: 'recent' }));
  const seen = new Set(lead.map((item) => item.key));
  const rest = [...matching(screens, term), ...hits].filter((item) => !seen.has(item.key));
  return [...lead, ...rest];
}
