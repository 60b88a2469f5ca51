// --- No truck in two places (RULES.md Transports): the key two registrations or driver documents are compared by ---

/**
 * What a vehicle key leaves out, listed character by character so that the database drops exactly the same ones
 * (no regex class: JavaScript's `\s` and PostgreSQL's `[[:space:]]` disagree, and the latter follows the server's
 * locale): every white space of JavaScript's `\s` (the Unicode Zs spaces, NBSP, tabs, line ends, line and paragraph
 * separators, BOM), the hyphens and dashes a pasted registration brings (hyphen-minus, soft hyphen, U+2010–U+2015,
 * minus sign) and the invisible zero-width characters.
 */
export const VEHICLE_KEY_DROPPED_CHARS =
  '\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a\u2028\u2029\u202f' +
  '\u205f\u3000\ufeff' +
  '-\u00ad\u2010\u2011\u2012\u2013\u2014\u2015\u2212' +
  '\u200b\u200c\u200d\u2060';

/** [first lower case letter, last, its upper case's distance]: each letter maps to exactly one letter. */
const CASE_RANGES: readonly [number, number, number][] = [
  [0x61, 0x7a, -0x20], // a–z
  [0xe0, 0xf6, -0x20], // à–ö
  [0xf8, 0xfe, -0x20], // ø–þ
  [0x430, 0x44f, -0x20], // а–я
  [0x450, 0x45f, -0x50], // ѐ–џ (ё, і, ї, є, ў, …)
];
/** Latin Extended-A and ґ: upper case on one code point, lower case on the next. */
const CASE_PAIRS_FROM: readonly [number, number][] = [
  [0x100, 0x12f], // Āā … Įį
  [0x132, 0x137], // Ĳĳ … Ķķ
  [0x139, 0x148], // Ĺĺ … Ňň
  [0x14a, 0x177], // Ŋŋ … Ŷŷ
  [0x179, 0x17e], // Źź Żż Žž
  [0x490, 0x491], // Ґґ
];
/** Single letters whose upper case is elsewhere: ÿ → Ÿ, dotless ı → I, long ſ → S (as JavaScript upper-cases them). */
const CASE_SINGLES: readonly [number, number][] = [
  [0xff, 0x178],
  [0x131, 0x49],
  [0x17f, 0x53],
];

function caseMap(): [string, string] {
  const pairs: [number, number][] = [...CASE_SINGLES];
  for (const [first, last, distance] of CASE_RANGES) {
    for (let code = first; code <= last; code += 1) if (code !== 0xf7) pairs.push([code, code + distance]);
  }
  for (const [first, last] of CASE_PAIRS_FROM) {
    for (let upper = first; upper < last; upper += 2) pairs.push([upper + 1, upper]);
  }
  pairs.sort((a, b) => a[0] - b[0]);
  return [
    String.fromCodePoint(...pairs.map(([lower]) => lower)),
    String.fromCodePoint(...pairs.map(([, upper]) => upper)),
  ];
}

/**
 * Upper case, spelled out: the n-th character of `VEHICLE_KEY_LOWER_CHARS` becomes the n-th of
 * `VEHICLE_KEY_UPPER_CHARS` (Latin, Latin-1, Latin Extended-A, Polish and Cyrillic letters, one letter to one).
 * Every other character stays as typed (ß, ŉ, ligatures, Greek): neither `toUpperCase` nor PostgreSQL's `upper` is
 * used, because they disagree on those letters and `upper` follows the server's locale.
 */
export const [VEHICLE_KEY_LOWER_CHARS, VEHICLE_KEY_UPPER_CHARS] = caseMap();

const UPPER_OF = new Map([...VEHICLE_KEY_LOWER_CHARS].map((lower, index) => [lower, VEHICLE_KEY_UPPER_CHARS[index]!]));
const DROPPED = new Set(VEHICLE_KEY_DROPPED_CHARS);

/**
 * A registration number or driver document as compared between transports: upper case, without spaces and
 * hyphens ("po 123-45" and "PO12345" are one truck). Empty means none. Character by character, as PostgreSQL's
 * `translate` reads the same three constants: the SQL twin is the generated columns
 * `transports.registration_key` / `driver_document_key` (`apps/server/src/db/trading.ts`), proven equal over
 * random Unicode text by `apps/server/src/modules/transports/vehicle-key.test.ts`.
 */
export function vehicleKey(value: string | null | undefined): string | null {
  let key = '';
  for (const char of value ?? '') {
    if (!DROPPED.has(char)) key += UPPER_OF.get(char) ?? char;
  }
  return key || null;
}
