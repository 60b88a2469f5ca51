import { addStrings } from '../../i18n';

/**
 * The texts of the positions screens (spec/1 section 2 Positions), loaded with its route and its public entry (index.ts), so the app's first load
 * carries only the shared catalogue (i18n/pl.ts). Keys keep their full paths, `t(...)` callers are unchanged.
 */
export const positionsPl = {
  positions: {
    paidWeight: 'W tonach do zapłaty (po potrąceniach wagi za jakość dostaw)',
    title: 'Pozycje',
    purchase: 'Zakup',
    sales: 'Sprzedaż',
    longShort: 'Long/short',
    long: 'Long',
    short: 'Short',
    flat: 'Zbilansowana',
    dateFrom: 'Odbiór od',
    dateTo: 'Odbiór do',
    clearDates: 'Wyczyść daty',
    quality: 'Jakość',
    details: 'Szczegóły pozycji',
    noContracts: 'Brak kontraktów NOWY i AKTYWNY w tym okresie',
    chartTitle: 'Zakup i sprzedaż według miesięcy odbioru',
    chartLegendPurchase: 'zakup',
    chartLegendSales: 'sprzedaż',
    openDetails: 'Pokaż szczegóły: {{name}}',
    showPurchaseList: 'Kontrakty zakupu: {{name}}',
    showSalesList: 'Kontrakty sprzedaży: {{name}}',
    hint: 'Kontrakty w statusach Nowy i Aktywny; okres odbioru nachodzi na wybrane daty.',
  },
};

addStrings(positionsPl);
