import i18next, { type TOptions } from 'i18next';
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

/**
 * Adds a feature's texts to the catalogue. Each feature keeps its texts in its own `i18n.ts`, imported by its
 * pages and its public entry, so they load with the feature's lazily loaded route and not with the app's first
 * load; the keys keep their full paths, so a call such as t('transports.status.menu') is unchanged by the split.
 */
export function addStrings(strings: object): void {
  i18next.addResourceBundle('pl', 'translation', strings, true, false);
  // A text looked up before its feature loaded would have been kept as its key.
  plainTexts.clear();
}

/**
 * The translation function for components drawn in every row of a list (status badges, contractor codes, figures,
 * row actions). The app has one language, loaded with its code, so they need not follow language changes through
 * react-i18next's hook, whose state and effects in several cells of each of fifty rows are a good part of the
 * logistics page's first render. Everything else keeps `useTranslation`.
 */
export const translate = ((key: string, options?: TOptions) =>
  options ? i18next.t(key, options) : plainText(key)) as typeof i18next.t;

// The texts without values, each looked up once (i18next's lookup is a good part of a row's cost); none is kept
// before i18next has its resources.
const plainTexts = new Map<string, string>();
function plainText(key: string): string {
  let text = plainTexts.get(key);
  if (text === undefined) {
    text = i18next.t(key);
    if (i18next.isInitialized) plainTexts.set(key, text);
  }
  return text;
}

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
