/**
 * The amount in Polish words ("słownie") printed on a VAT RR invoice (RULES.md Invoices, VAT and KSeF; the issue's
 * "total with refund in figures and in words"): whole złote in words with the plural the number takes, the grosze as
 * a fraction, e.g. 123 456 → "jeden tysiąc dwieście trzydzieści cztery złote 56/100". Integers only (minor units).
 */

const ONES = ['', 'jeden', 'dwa', 'trzy', 'cztery', 'pięć', 'sześć', 'siedem', 'osiem', 'dziewięć'];
const TEENS = [
  'dziesięć',
  'jedenaście',
  'dwanaście',
  'trzynaście',
  'czternaście',
  'piętnaście',
  'szesnaście',
  'siedemnaście',
  'osiemnaście',
  'dziewiętnaście',
];
const TENS = [
  '',
  '',
  'dwadzieścia',
  'trzydzieści',
  'czterdzieści',
  'pięćdziesiąt',
  'sześćdziesiąt',
  'siedemdziesiąt',
  'osiemdziesiąt',
  'dziewięćdziesiąt',
];
const HUNDREDS = [
  '',
  'sto',
  'dwieście',
  'trzysta',
  'czterysta',
  'pięćset',
  'sześćset',
  'siedemset',
  'osiemset',
  'dziewięćset',
];

/** The three forms a Polish noun takes after a number: 1, 2–4 (not 12–14), the rest. */
export type PluralForms = readonly [one: string, few: string, many: string];

const ZLOTY: PluralForms = ['złoty', 'złote', 'złotych'];
const THOUSAND: PluralForms = ['tysiąc', 'tysiące', 'tysięcy'];
const MILLION: PluralForms = ['milion', 'miliony', 'milionów'];

/** Largest amount in words: 999 999 999,99 zł. */
export const MAX_AMOUNT_IN_WORDS_MINOR = 99_999_999_999;

/** Polish plural: "jeden" alone takes the singular, 2–4 the nominative plural (but 12–14 do not), the rest genitive. */
export function polishPlural(count: number, forms: PluralForms): string {
  if (count === 1) return forms[0];
  const lastTwo = count % 100;
  const last = count % 10;
  if (last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14)) return forms[1];
  return forms[2];
}

/** 1–999 in words; an empty string for 0. */
function hundredsInWords(n: number): string {
  const words = [HUNDREDS[Math.floor(n / 100)]];
  const rest = n % 100;
  if (rest >= 10 && rest < 20) words.push(TEENS[rest - 10]);
  else words.push(TENS[Math.floor(rest / 10)], ONES[rest % 10]);
  return words.filter((word) => word !== '').join(' ');
}

/** A whole number 0–999 999 999 in words ("zero" for 0). */
export function integerInPolishWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0 || n > 999_999_999) throw new RangeError(`out of range: ${n}`);
  if (n === 0) return 'zero';
  const millions = Math.floor(n / 1_000_000);
  const thousands = Math.floor(n / 1000) % 1000;
  const units = n % 1000;
  const parts: string[] = [];
  if (millions > 0) parts.push(hundredsInWords(millions), polishPlural(millions, MILLION));
  if (thousands > 0) parts.push(hundredsInWords(thousands), polishPlural(thousands, THOUSAND));
  if (units > 0) parts.push(hundredsInWords(units));
  return parts.join(' ');
}

/** "jeden tysiąc dwieście trzydzieści cztery złote 56/100" for 123 456 grosze (0,01 zł to 999 999 999,99 zł). */
export function amountInPolishWords(minor: number): string {
  if (!Number.isSafeInteger(minor) || minor < 1 || minor > MAX_AMOUNT_IN_WORDS_MINOR) {
    throw new RangeError(`amount in words takes 0,01 zł to 999 999 999,99 zł: ${minor}`);
  }
  const zloty = Math.floor(minor / 100);
  const grosze = String(minor % 100).padStart(2, '0');
  return `${integerInPolishWords(zloty)} ${polishPlural(zloty, ZLOTY)} ${grosze}/100`;
}

/**
 * A correction's difference in words (FA_RR P_12_2 of a KOR_VAT_RR: "kwota różnicy"): "minus …" when it decreases,
 * "zero złotych 00/100" when the total stays.
 */
export function signedAmountInPolishWords(minor: number): string {
  if (minor === 0) return 'zero złotych 00/100';
  return minor < 0 ? `minus ${amountInPolishWords(-minor)}` : amountInPolishWords(minor);
}
