import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { pl } from './pl';

void i18next.use(initReactI18next).init({
  lng: 'pl',
  fallbackLng: 'pl',
  resources: { pl: { translation: pl } },
  interpolation: { escapeValue: false },
  returnNull: false,
});

export const i18n = i18next;

/** Title of an error toast: the code's translation, unknown codes fall back to the internal-error text. */
export function messageCodeText(code: string | undefined): string {
  const key = `messageCode.${code}`;
  return code && i18next.exists(key) ? i18next.t(key) : i18next.t('messageCode.INTERNAL_ERROR');
}

/** A zod message key (validation.*) in Polish; unknown keys are shown as the generic wrong-value text. */
export function validationText(key: string | undefined, values?: Record<string, unknown>): string {
  const full = `validation.${key}`;
  return key && i18next.exists(full) ? i18next.t(full, values) : i18next.t('validation.wrongType');
}
