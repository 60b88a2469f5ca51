import { addStrings } from '../../i18n';

/** The texts of the NBP exchange-rate screen (RULES.md Invoices, VAT and KSeF), loaded with its route and index.ts. */
export const exchangeRatesPl = {
  exchangeRates: {
    title: 'Kursy walut',
    hint: 'Kursy średnie NBP (tabela A). Faktura w EUR lub USD przelicza VAT po kursie z ostatniego dnia roboczego przed datą sprzedaży.',
    searchPlaceholder: 'Szukaj po numerze tabeli NBP',
    currency: 'Waluta',
    effectiveDate: 'Data kursu',
    dateFrom: 'Od dnia',
    dateTo: 'Do dnia',
    rate: 'Kurs średni (PLN)',
    tableNumber: 'Tabela NBP',
    tableNumberHint: 'np. 230/A/NBP/2026',
    source: 'Źródło',
    createdBy: 'Wprowadził',
    createdAt: 'Wprowadzono',
    sources: { MANUAL: 'Ręcznie', FILE: 'Plik NBP', NBP_API: 'API NBP' },
    add: 'Dodaj kurs',
    addTitle: 'Nowy kurs średni NBP',
    added: 'Zapisano kurs {{currency}} z dnia {{date}}',
    fetch: 'Pobierz z NBP',
    fetched: 'Pobrano z NBP kurs {{currency}} z dnia {{date}}: {{rate}}',
    import: 'Importuj plik NBP',
    importTitle: 'Import tabeli kursów NBP',
    importHint:
      'Plik JSON z API NBP (tabele A lub kursy jednej waluty) albo plik CSV z archiwum NBP (archiwum_tab_a_RRRR.csv). Zapisywane są kursy EUR i USD.',
    chooseFile: 'Wybierz plik',
    noFile: 'Nie wybrano pliku',
    send: 'Importuj',
    importDone: 'Import zakończony',
    summaryAdded: 'Dodano kursów: {{count}}',
    summaryUnchanged: 'Już zapisane (te same kursy): {{count}}',
    summaryConflicts: 'Konflikty (inny kurs w pliku, zostawiono zapisany): {{count}}',
    conflictLine: '{{currency}} {{date}}: zapisany {{stored}}, w pliku {{file}}',
  },
};

addStrings(exchangeRatesPl);
