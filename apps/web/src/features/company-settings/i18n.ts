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
      correctionSeries: 'Seria numeracji faktur korygujących',
      correctionSeriesHint: 'Z polami {RRRR}, {MM} i {NR}, np. FK/{RRRR}/{MM}/{NR}',
      rrInvoiceSeries: 'Seria numeracji faktur VAT RR',
      rrInvoiceSeriesHint: 'Własna seria faktur VAT RR dla rolników ryczałtowych, np. RR/{RRRR}/{NR}',
      rrCorrectionSeries: 'Seria numeracji korekt faktur VAT RR',
      rrCorrectionSeriesHint: 'Własna seria faktur VAT RR KOREKTA, np. RRK/{RRRR}/{NR}',
      weighbridgeTicketSeries: 'Seria numeracji kwitów wagowych',
      weighbridgeTicketSeriesHint: 'Bez luk, z polami {RRRR}, {MM} i {NR}; domyślnie KW/{RRRR}/{NR}',
      bankAccount: 'Numer rachunku bankowego',
      paymentTermDays: 'Termin płatności (dni)',
      priceDeviationPercent: 'Próg odchylenia od cennika skupu (%)',
      priceDeviationPercentHint: 'Cena kontraktu zakupu dalej od cennika wymaga uzasadnienia',
      notConfigured: 'Dane firmy nie są jeszcze uzupełnione.',
      ksef: {
        title: 'KSeF',
        intro:
          'Wystawione faktury same trafiają do KSeF. Bez wybranego środowiska i tokenu faktury są wystawiane i drukowane, ale czekają jako „nie wysłano”.',
        environment: 'Środowisko KSeF',
        off: 'Wyłączone (nie wysyłaj)',
        environments: { TEST: 'Testowe', DEMO: 'Przedprodukcyjne (demo)', PRODUCTION: 'Produkcyjne' },
        nip: 'NIP kontekstu KSeF',
        nipHint: 'Puste: NIP firmy',
        token: 'Token KSeF',
        tokenHint: 'Zapisany token nie jest pokazywany. Zostaw puste, aby go zachować.',
        tokenSet: 'Token ustawiony',
        tokenNotSet: 'Token nie ustawiony',
        tokenToSave: 'Nowy token zostanie zapisany',
        tokenToRemove: 'Token zostanie usunięty po zapisaniu',
        removeToken: 'Usuń token',
        noSecretsKey:
          'Serwer nie ma klucza szyfrowania (SECRETS_KEY), więc nie może zapisać tokenu KSeF. Poproś administratora serwera o jego ustawienie.',
        fromEnvironment:
          'Faktury są teraz wysyłane według ustawień serwera (KSEF_URL i KSEF_TOKEN). Ustawienia zapisane tutaj mają pierwszeństwo.',
        customUrl: 'Własny adres API KSeF',
        customUrlHint: 'Tylko dla testów i demonstracji (np. testowy serwer KSeF). Puste: adres wybranego środowiska.',
      },
    },
  },
};

addStrings(companySettingsPl);
