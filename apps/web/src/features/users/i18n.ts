import { addStrings } from '../../i18n';

/**
 * The texts of the users screens (administrator only), loaded with its route and its public entry (index.ts), so the app's first load
 * carries only the shared catalogue (i18n/pl.ts). Keys keep their full paths, `t(...)` callers are unchanged.
 */
export const usersPl = {
  users: {
    title: 'Użytkownicy',
    add: 'Dodaj użytkownika',
    createTitle: 'Nowy użytkownik',
    editTitle: 'Edycja użytkownika',
    firstName: 'Imię',
    lastName: 'Nazwisko',
    email: 'E-mail',
    role: 'Rola',
    active: 'Aktywny',
    inactive: 'Nieaktywny',
    status: 'Status',
    isNotifyOnPurchase: 'Lista mailingowa kontraktów zakupu',
    isNotifyOnSales: 'Lista mailingowa kontraktów sprzedaży',
    isNotifyOnCertificates: 'Codzienna lista certyfikatów kontrahentów wygasających w ciągu 30 dni',
    password: 'Hasło',
    repeatPassword: 'Powtórz hasło',
    searchPlaceholder: 'Szukaj po imieniu, nazwisku lub e-mailu',
    created: 'Użytkownik został utworzony',
    edited: 'Zmiany użytkownika zostały zapisane',
    createConfirm: 'Utworzyć użytkownika {{email}}?',
    saveConfirm: 'Zapisać zmiany użytkownika {{email}}?',
    roles: { ADMIN: 'Administrator', USER: 'Użytkownik' },
    notifications: 'Powiadomienia',
  },
};

addStrings(usersPl);
