import { addStrings } from '../../i18n';

/** The texts of the VAT RR invoice screens, loaded with their route and the feature's public entry (index.ts). */
export const rrInvoicesPl = {
  rrInvoices: {
    title: 'Faktury VAT RR',
    searchPlaceholder: 'Szukaj po numerze faktury lub rolniku',
    number: 'Numer',
    issueDate: 'Data wystawienia',
    farmer: 'Rolnik',
    value: 'Wartość bez zwrotu',
    refund: 'Zwrot podatku',
    total: 'Należność',
    paid: 'Zapłacono',
    payment: 'Rozliczenie',
    ksef: 'KSeF',
    ksefStatuses: {
      ISSUED: 'Nie wysłano',
      QUEUED: 'W kolejce do KSeF',
      SENT: 'Wysłana',
      ACCEPTED: 'Przyjęta',
      REJECTED: 'Odrzucona',
      OFFLINE: 'Offline',
    },
    statuses: {
      UNPAID: 'niezapłacona',
      PARTIAL: 'zapłacona częściowo',
      CASH: 'zapłacona gotówką (bez odliczenia)',
      NOT_QUALIFYING: 'przelew bez numeru RR lub na inny rachunek (bez odliczenia)',
      DEDUCTIBLE: 'odliczenie w okresie {{month}}',
    },
    statusChips: {
      UNPAID: 'Niezapłacone',
      PARTIAL: 'Zapłacone częściowo',
      CASH: 'Gotówką',
      NOT_QUALIFYING: 'Bez odliczenia',
      DEDUCTIBLE: 'Do odliczenia',
    },
    pdf: 'Pobierz PDF',
    xml: 'Pobierz XML',
    recordPayment: 'Zapisz zapłatę',
    paymentTitle: 'Zapłata dla rolnika: {{number}}',
    paymentHint:
      'Zwrot podatku można odliczyć w miesiącu zapłaty przelewem na rachunek rolnika z numerem i datą faktury VAT RR w tytule. Zapłata gotówką nie daje odliczenia.',
    paidAt: 'Data zapłaty',
    amount: 'Kwota (zł)',
    method: 'Sposób zapłaty',
    methods: { TRANSFER: 'Przelew', CASH: 'Gotówka' },
    account: 'Rachunek rolnika',
    transferTitle: 'Tytuł przelewu',
    saved: 'Zapisano zapłatę do faktury {{number}}',
    fields: {
      bank_account: 'rachunek bankowy rolnika',
      flat_rate_declaration_date: 'data oświadczenia rolnika ryczałtowego',
      nip: 'NIP lub PESEL',
      rr_invoice_series: 'seria numeracji faktur VAT RR',
      transaction_ids: 'zaznaczone wiersze',
    },
    issue: {
      action: 'Wystaw fakturę VAT RR',
      title: 'Faktura VAT RR dla rolnika ryczałtowego',
      hint: 'Faktura VAT RR z zaznaczonych wierszy zakupu jednego rolnika: numer z serii VAT RR, zwrot podatku 7 % wartości.',
      issueDate: 'Data wystawienia',
      submit: 'Wystaw fakturę VAT RR',
      issued: 'Wystawiono fakturę VAT RR {{number}}',
    },
  },
};

addStrings(rrInvoicesPl);
