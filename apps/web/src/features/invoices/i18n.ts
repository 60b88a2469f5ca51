import { addStrings } from '../../i18n';

/** The texts of the sales invoice screens, loaded with their routes and the feature's public entry (index.ts). */
export const invoicesPl = {
  invoices: {
    title: 'Faktury',
    searchPlaceholder: 'Szukaj po numerze faktury, numerze KSeF lub nabywcy',
    number: 'Numer',
    issueDate: 'Data wystawienia',
    saleDate: 'Data sprzedaży',
    salePeriod: 'Okres sprzedaży',
    dueDate: 'Termin płatności',
    buyer: 'Nabywca',
    nip: 'NIP',
    net: 'Netto',
    vat: 'VAT',
    gross: 'Brutto',
    currency: 'Waluta',
    exchangeRate: 'Kurs waluty',
    status: 'Status',
    kind: 'Rodzaj',
    bankAccount: 'Rachunek bankowy',
    ksefNumber: 'Numer KSeF',
    noKsefNumber: 'nie nadano',
    open: 'Otwórz fakturę',
    downloadXml: 'Pobierz XML',
    notFound: 'Nie znaleziono faktury',
    header: 'Dane faktury',
    lines: 'Pozycje',
    totalsByRate: 'Podsumowanie według stawek VAT',
    position: 'Lp.',
    name: 'Nazwa',
    cnCode: 'CN',
    quantity: 'Ilość',
    unitNetPrice: 'Cena netto za tonę',
    vatRate: 'Stawka VAT',
    total: 'Razem',
    statuses: {
      ISSUED: 'Wystawiona',
      SENT: 'Wysłana',
      ACCEPTED: 'Przyjęta',
      REJECTED: 'Odrzucona',
      OFFLINE: 'Offline',
    },
    kinds: { VAT: 'Faktura VAT', KOR: 'Faktura korygująca' },
  },
};

addStrings(invoicesPl);
