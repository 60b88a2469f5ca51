import { addStrings } from '../../i18n';

/**
 * The texts of the cargo parameters screen, loaded with its route and its public entry (index.ts), so the app's first load
 * carries only the shared catalogue (i18n/pl.ts). Keys keep their full paths, `t(...)` callers are unchanged.
 */
export const cargoPl = {
  cargo: {
    paramsTitle: 'Parametry surowców',
    rawMaterial: 'Surowiec',
    qualities: 'Jakości',
    variant: 'wariant',
    chooseQuality: 'Wybierz jakość, aby zobaczyć jej parametry',
    noQualities: 'Ten surowiec nie ma jeszcze jakości',
    params: 'Parametry: {{title}}',
    paramName: 'Nazwa',
    paramType: 'Typ',
    paramUnit: 'Jednostka',
    paramValue: 'Wartość',
    types: { boolean: 'Tak / nie', number: 'Liczba', string: 'Tekst' },
    noParams: 'Brak parametrów. Dodaj pierwszy parametr.',
    addParam: 'Dodaj parametr',
    removeParam: 'Usuń parametr {{number}}',
    saveTitle: 'Zapis parametrów',
    saveConfirm: 'Zapisać parametry jakości {{title}}?',
    paramsUpdated: 'Parametry zostały zaktualizowane',
    addVariant: 'Dodaj wariant',
    variantName: 'Nazwa wariantu',
    variantFor: 'Nowy wariant surowca: {{rawMaterial}}',
    variantCreated: 'Wariant został dodany',
    transitTolerance: 'Tolerancja ubytku w transporcie',
    transitToleranceHint:
      'Różnica między wagą netto załadunku i rozładunku powyżej tego progu jest oznaczana na transporcie',
    saveTransitTolerance: 'Zapisz tolerancję',
    transitToleranceSaved: 'Tolerancja ubytku została zapisana',
  },
};

addStrings(cargoPl);
