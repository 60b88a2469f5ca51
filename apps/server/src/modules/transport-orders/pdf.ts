import {
  type CompanyHeader,
  formatDate,
  formatMoney,
  formatPricePerTonne,
  formatTonnes,
  lineValue,
  type TransportResponse,
} from '@grain/shared';
import type { PdfBlock, PdfDocument } from '../../lib/pdf/document.js';

/** A party of the order as it shows it: name, address, NIP and how to reach it. */
export interface OrderParty {
  name: string;
  address: string;
  nip: string | null;
  email: string | null;
  phoneNumber: string | null;
}

/** A contract's delivery window (date of receipt from-to), ISO days. */
export interface DeliveryWindow {
  from: string;
  to: string;
}

/** What the transport order shows besides the transport itself. */
export interface TransportOrderContent {
  orderNumber: string;
  issuedOn: string;
  company: CompanyHeader;
  /** The trader who orders: the carrier's contact at the ordering party, and where his answer goes (Reply-To). */
  trader: { name: string; email: string | null };
  carrier: OrderParty;
  /** The supplier, who loads, and the recipient, who unloads, with their contacts. */
  loadingParty: OrderParty;
  unloadingParty: OrderParty;
  purchaseWindow: DeliveryWindow | null;
  salesWindow: DeliveryWindow | null;
  transport: TransportResponse;
}

/**
 * The CMR clause: the carriage is international-law carriage under the CMR Convention (Geneva, 19 May 1956) abroad
 * and under the Polish Transport Law at home; the carrier answers for the cargo from loading to unloading.
 */
export const CMR_CLAUSE =
  'Przewóz odbywa się na podstawie Konwencji o umowie międzynarodowego przewozu drogowego towarów (CMR) z 19 maja ' +
  '1956 r., a w przewozie krajowym ustawy Prawo przewozowe. Przewoźnik wystawia list przewozowy CMR, odpowiada za ' +
  'ładunek od załadunku do rozładunku i posiada ważne ubezpieczenie OC przewoźnika. Potwierdzony przez odbiorcę ' +
  'egzemplarz CMR jest warunkiem zapłaty frachtu.';

/** The freight payment term as the order states it: days from the invoice with the confirmed CMR. */
export const freightPaymentTerm = (days: number) => `${days} dni od otrzymania faktury z potwierdzonym listem CMR`;

const GREY = '#595959';
const FONT_SIZE = 9.5;
const LABEL_WIDTH = 150;
const LOGO = { width: 110, height: 56 };

/** The freight as the order and its e-mail state it: the rate per tonne and the value of the cargo at that rate. */
export function freightOf(transport: TransportResponse) {
  return {
    rate: formatPricePerTonne(transport.pricePerTon, transport.currency),
    value: formatMoney(lineValue(transport.cargoQuantity, transport.pricePerTon), transport.currency),
  };
}

const joined = (...parts: (string | null | undefined)[]) => parts.filter((part) => part?.trim()).join(', ');

/** A titled section: label and value rows, the value wrapped beside its label. */
function section(title: string, rows: [label: string, value: string][]): PdfBlock[] {
  return [
    { kind: 'text', text: title.toUpperCase(), font: 'bold', size: 10, keepWithNext: true },
    { kind: 'rule', spaceBefore: 2, spaceAfter: 4, keepWithNext: true },
    {
      kind: 'table',
      columns: [{ width: LABEL_WIDTH, font: 'bold', color: GREY }, { width: '*' }],
      rows: rows.map(([label, value]) => [label, value || '—']),
      padding: { vertical: 1, horizontal: 0 },
      spaceAfter: 6,
    },
  ];
}

function logoOf(dataUrl: string | null): PdfBlock[] {
  if (!dataUrl) return [];
  const data = new Uint8Array(Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64'));
  // A logo the library cannot read leaves the header without it rather than failing the order.
  return [{ kind: 'image', data, ...LOGO, whenUnreadable: 'skip' }];
}

/** Our company on the left (wrapped in its column), the date of issue on the right: they never run into each other. */
function letterhead(content: TransportOrderContent): PdfBlock {
  const { company } = content;
  const lines = [
    joined(company.street, [company.postCode, company.city].filter(Boolean).join(' ')),
    `NIP: ${company.nip}`,
    joined(company.email, company.phoneNumber && `tel. ${company.phoneNumber}`),
  ].filter(Boolean);
  const logo = logoOf(company.logoDataUrl);
  return {
    kind: 'columns',
    gap: 12,
    columns: [
      ...(logo.length ? [{ width: LOGO.width, blocks: logo }] : []),
      {
        width: '*',
        blocks: [
          { kind: 'text', text: company.name, font: 'bold', size: 12, spaceAfter: 3 },
          ...lines.map((text): PdfBlock => ({ kind: 'text', text, size: 9, color: GREY, spaceAfter: 1 })),
        ],
      },
      {
        // "Data wystawienia: DD.MM.YYYY" at 9 pt is 137 pt wide (tabular digits): it stays on one line.
        width: 140,
        blocks: [{ kind: 'text', text: `Data wystawienia: ${formatDate(content.issuedOn)}`, size: 9, align: 'right' }],
      },
    ],
  };
}

const contactOf = (party: { email: string | null; phoneNumber: string | null }) =>
  joined(party.email, party.phoneNumber && `tel. ${party.phoneNumber}`);

/** The day of loading or unloading, and the window its contract allows. */
function termOf(day: string, window: DeliveryWindow | null) {
  const allowed = window ? ` (okno umowy: ${formatDate(window.from)} – ${formatDate(window.to)})` : '';
  return `${formatDate(day)}${allowed}`;
}

function sections(content: TransportOrderContent): PdfBlock[] {
  const { transport: t, carrier, company, trader, loadingParty, unloadingParty } = content;
  const freight = freightOf(t);
  const gmpRequired = t.saleIsGmp ? 'Wymagany transport GMP' : 'Nie wymagany';
  return [
    // The letterhead holds its address and NIP.
    ...section('Zleceniodawca', [
      ['Nazwa', `${company.name}, NIP ${company.nip}`],
      ['Osoba kontaktowa', joined(trader.name, trader.email)],
    ]),
    ...section('Przewoźnik', [
      ['Nazwa', carrier.name],
      ['Adres', carrier.address],
      ['NIP', carrier.nip ?? '—'],
      ['Kontakt', contactOf(carrier)],
    ]),
    ...section('Pojazd i kierowca', [
      ['Nr rejestracyjny', joined(t.registrationNumber ?? '—', t.trailerNumber && `naczepa ${t.trailerNumber}`)],
      [
        'Kierowca',
        joined(
          t.driverName,
          t.phoneNumber && `tel. ${t.phoneNumber}`,
          t.driverDocumentId && `dok. ${t.driverDocumentId}`,
        ),
      ],
    ]),
    ...section('Załadunek', [
      ['Nadawca', joined(loadingParty.name, contactOf(loadingParty))],
      ['Miejsce załadunku', t.loadingAddressFull ?? '—'],
      ['Data załadunku', termOf(t.dateLoading, content.purchaseWindow)],
    ]),
    ...section('Rozładunek', [
      ['Odbiorca', joined(unloadingParty.name, contactOf(unloadingParty))],
      ['Miejsce rozładunku', t.unloadingAddressFull ?? '—'],
      ['Data rozładunku', termOf(t.dateUnloading, content.salesWindow)],
    ]),
    ...section('Ładunek i fracht', [
      ['Towar', joined(t.rawMaterial, t.purchaseQualityTitle)],
      ['Ilość', formatTonnes(t.cargoQuantity)],
      ['Umowy', `zakupu ${t.purchaseSupplier.documentNumber}, sprzedaży ${t.salesRecipient.documentNumber}`],
      ['Fracht', `${freight.rate}, wartość ${freight.value}`],
      ['Termin płatności frachtu', freightPaymentTerm(company.paymentTermDays)],
      ['GMP', t.isGmp ? `${gmpRequired}; nr GMP: ${t.gmpNumber ?? '—'}` : gmpRequired],
      ['Uwagi', t.comment ?? '—'],
    ]),
    { kind: 'text', text: 'KLAUZULA CMR', font: 'bold', size: 10, keepWithNext: true },
    { kind: 'rule', spaceBefore: 2, spaceAfter: 4, keepWithNext: true },
    { kind: 'text', text: CMR_CLAUSE, size: 8, spaceAfter: 4 },
  ];
}

/** Both parties sign on the foot of the last page. */
const signatures: PdfBlock = {
  kind: 'group',
  atPageBottom: true,
  blocks: [
    { kind: 'space', height: 20 },
    {
      kind: 'columns',
      gap: 40,
      columns: ['Zleceniodawca (podpis)', 'Przewoźnik (podpis i pieczęć)'].map((label) => ({
        width: '*',
        blocks: [
          { kind: 'rule', spaceAfter: 4 },
          { kind: 'text', text: label, size: 8.5, color: GREY },
        ],
      })),
    },
  ],
};

/** The transport order (zlecenie transportowe) in Polish, on A4, as a document for the PDF service. */
export function transportOrderPdf(content: TransportOrderContent): PdfDocument {
  return {
    page: { size: 'A4', margin: 48 },
    info: { title: `Zlecenie transportowe ${content.orderNumber}`, author: content.company.name },
    fontSize: FONT_SIZE,
    footer: [
      {
        kind: 'columns',
        gap: 14,
        columns: [
          {
            width: '*',
            blocks: [
              {
                kind: 'text',
                text: 'Przewoźnik potwierdza przyjęcie zlecenia odsyłając podpisany dokument.',
                size: 8,
                color: GREY,
              },
            ],
          },
          {
            width: 80,
            blocks: [{ kind: 'text', text: 'Strona {page} z {pages}', size: 8, color: GREY, align: 'right' }],
          },
        ],
      },
    ],
    body: [
      letterhead(content),
      { kind: 'space', height: 12 },
      {
        kind: 'text',
        text: `ZLECENIE TRANSPORTOWE nr ${content.orderNumber}`,
        font: 'bold',
        size: 15,
        align: 'center',
        spaceAfter: 10,
      },
      ...sections(content),
      signatures,
    ],
  };
}
