import { addStrings } from '../../i18n';

/**
 * The texts of the company settings screen, loaded with its route and its public entry (index.ts), so the app's first load
 * carries only the shared catalogue (i18n/pl.ts). Keys keep their full paths, `t(...)` callers are unchanged.
 */
export const companySettingsPl = {
  carriers: {
    settings: {
      title: 'Ustawienia firmy',
      intro: 'Dane naszej firmy w nagłówku zlecenia transportowego i na fakturach sprzedaży.',
      name: 'Nazwa firmy',
      street: 'Ulica i numer',
      postCode: 'Kod pocztowy',
      city: 'Miejscowość',
      nip: 'NIP',
      email: 'E-mail',
      phoneNumber: 'Telefon',
      logo: 'Logo (PNG lub JPEG, do 200 KB)',
      logoPick: 'Wybierz plik',
      logoRemove: 'Usuń logo',
      logoPreview: 'Podgląd logo',
      saveConfirm: 'Zapisać dane firmy?',
      saved: 'Zapisano dane firmy',
      invoicing: 'Faktury sprzedaży',
      invoiceSeries: 'Seria numeracji faktur',
      invoiceSeriesHint: 'Z polami {RRRR} (rok), {MM} (miesiąc) i {NR} (kolejny numer), np. FV/{RRRR}/{MM}/{NR}',
      rrInvoiceSeries: 'Seria numeracji faktur VAT RR',
      rrInvoiceSeriesHint: 'Własna seria faktur VAT RR dla rolników ryczałtowych, np. RR/{RRRR}/{NR}',
      bankAccount: 'Numer rachunku bankowego',
      paymentTermDays: 'Termin płatności (dni)',
      notConfigured: 'Dane firmy nie są jeszcze uzupełnione.',
    },
  },
};

addStrings(companySettingsPl);
