import { addStrings } from '../../i18n';

/** The texts of the command palette and the keyboard shortcuts, loaded with the palette. */
export const commandPalettePl = {
  palette: {
    title: 'Szukaj wszędzie',
    placeholder: 'Kontrakt, nr zlecenia ZT/…, kontrahent, faktura lub ekran',
    label: 'Szukaj kontraktów, transportów, kontrahentów, faktur i ekranów',
    results: 'Wyniki wyszukiwania',
    typeMore: 'Wpisz co najmniej 3 znaki, aby szukać w danych.',
    nothing: 'Nic nie znaleziono.',
    searching: 'Szukam…',
    failed: 'Wyszukiwanie nie powiodło się.',
    hint: '↑ ↓ wybór · Enter otwiera · Esc zamyka',
    groups: {
      recent: 'Ostatnio otwierane',
      screens: 'Ekrany',
      contracts: 'Kontrakty',
      transports: 'Transporty',
      contractors: 'Kontrahenci',
      invoices: 'Faktury',
    },
    contract: { PURCHASE: 'Kontrakt zakupu', SALES: 'Kontrakt sprzedaży' },
    transport: 'Transport #{{id}}',
    invoice: 'Faktura',
    contractor: 'Kontrahent',
  },
  shortcuts: {
    title: 'Skróty klawiszowe',
    keys: 'Klawisze',
    action: 'Działanie',
    palette: 'Szukaj wszędzie (kontrakty, transporty, kontrahenci, faktury, ekrany)',
    listSearch: 'Przejdź do pola wyszukiwania listy',
    help: 'Pokaż tę listę skrótów',
    close: 'Zamknij okno',
  },
};

addStrings(commandPalettePl);
