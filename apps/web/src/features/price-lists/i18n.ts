import { addStrings } from '../../i18n';

/** The texts of the purchase price list (CONTRIBUTING.md Price lists), loaded with its route and index.ts. */
export const priceListsPl = {
  priceLists: {
    title: 'Cennik skupu',
    hint: 'Ceny skupu netto w zł za tonę na wybrany dzień, osobno dla dostawców VAT i rolników ryczałtowych (RR) oraz według terminu płatności. Zapisanej ceny się nie zmienia: nowa cena to nowy wpis na kolejne dni.',
    day: 'Cennik na dzień',
    rawMaterial: 'Surowiec',
    quality: 'Jakość',
    supplierKind: 'Rodzaj dostawcy',
    supplierKinds: { VAT: 'Dostawca VAT', RR: 'Rolnik ryczałtowy (RR)' },
    supplierKindsShort: { VAT: 'Dostawca VAT', RR: 'Rolnik RR' },
    paymentTerm: 'Termin płatności (dni)',
    paymentTermShort: '{{days}} dni',
    price: 'Cena netto (zł/t)',
    priceShort: 'Cena netto',
    validFrom: 'Obowiązuje od',
    validTo: 'Obowiązuje do',
    valid: 'Obowiązuje',
    source: 'Źródło',
    sources: { MANUAL: 'Ręcznie', FILE: 'Plik CSV' },
    createdBy: 'Wprowadził',
    empty: 'Na ten dzień nie ma cen w cenniku skupu.',
    add: 'Dodaj cenę',
    addTitle: 'Nowa cena w cenniku skupu',
    added: 'Zapisano cenę: {{quality}}, {{price}}',
    import: 'Importuj CSV',
    importTitle: 'Import cennika skupu z pliku CSV',
    importHint:
      'Plik CSV rozdzielany średnikami z nagłówkiem: surowiec;jakość;dostawca;termin_dni;cena_zl_t;od;do. Dostawca to VAT albo RR, cena w zł za tonę (np. 1 050,00), daty RRRR-MM-DD lub DD.MM.RRRR. Błędny wiersz odrzuca cały plik.',
    chooseFile: 'Wybierz plik',
    noFile: 'Nie wybrano pliku',
    refusalAt: 'Wiersz {{line}}, kolumna „{{column}}”',
    importDone: 'Dodano cen: {{count}}',
    pdf: 'Drukuj (PDF)',
    limit: 'Cena umowy różniąca się od cennika o więcej niż {{percent}} % wymaga uzasadnienia.',
    listPrice: 'Cennik skupu: {{price}} ({{kind}}, {{days}} dni)',
    deviation: 'Różnica od cennika: {{percent}} %',
    note: 'Uzasadnienie ceny spoza cennika',
    noteHint: 'Cena odbiega od cennika skupu o więcej niż {{percent}} %: wpisz, dlaczego.',
    positionsTitle: 'Cennik skupu na dziś',
  },
};

addStrings(priceListsPl);
