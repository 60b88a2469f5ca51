import { addStrings } from '../../i18n';

/**
 * The texts of the transport order panel, loaded with its route and its public entry (index.ts), so the app's first load
 * carries only the shared catalogue (i18n/pl.ts). Keys keep their full paths, `t(...)` callers are unchanged.
 */
export const transportOrdersPl = {
  carriers: {
    order: {
      title: 'Zlecenie transportowe',
      number: 'Nr {{number}}',
      download: 'Pobierz zlecenie (PDF)',
      send: 'Wyślij do przewoźnika',
      resend: 'Wyślij ponownie',
      deliveredNoSend: 'Transport dostarczony: zlecenia nie wysyła się ponownie, zostaje do pobrania.',
      sendConfirmTitle: 'Wysłać zlecenie do przewoźnika?',
      sendConfirm: 'Zlecenie {{number}} zostanie wysłane e-mailem na adres {{email}}.',
      sent: 'Zlecenie wysłane na adres {{email}}',
      sentMark: 'wysłano {{date}} do {{email}}',
      sentBy: '{{date}} · {{email}} · {{user}}',
      history: 'Historia wysyłek ({{count}})',
      neverSent: 'Zlecenie nie było jeszcze wysyłane.',
      changedSinceSent: 'Transport zmieniono po wysłaniu zlecenia — wyślij je ponownie.',
      noCarrierEmail: 'Przewoźnik nie ma adresu e-mail — uzupełnij go w kartotece kontrahenta.',
      noCompany: 'Brak danych firmy do nagłówka zlecenia: administrator uzupełnia je w menu „Ustawienia firmy”.',
    },
  },
};

addStrings(transportOrdersPl);
