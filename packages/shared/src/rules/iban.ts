/**
 * A Polish bank account (NRB, 26 digits) or its IBAN form (PL + the same 26 digits). The VAT RR rule: a
 * farmer's account is checked by the IBAN checksum (ISO 13616, mod 97) before an RR invoice may name it, so a
 * mistyped digit is caught at entry, not at the bank.
 */

const PL_LETTERS = '2521'; // P = 25, L = 21 (ISO 13616: A = 10 … Z = 35)

/** The 26 digits without spaces and the optional "PL", or null when the text is not 26 digits. */
export function normalizePolishAccount(text: string): string | null {
  const compact = text.replace(/[\s-]/g, '').toUpperCase();
  const digits = compact.startsWith('PL') ? compact.slice(2) : compact;
  return /^\d{26}$/.test(digits) ? digits : null;
}

/** Mod 97 of a long digit string, a few digits at a time (the number is far beyond 2^53). */
function mod97(digits: string): number {
  let remainder = 0;
  for (let i = 0; i < digits.length; i += 7) remainder = Number(`${remainder}${digits.slice(i, i + 7)}`) % 97;
  return remainder;
}

/** True when the text is a Polish account whose IBAN check digits hold (spaces and a "PL" prefix allowed). */
export function isPolishIban(text: string): boolean {
  const digits = normalizePolishAccount(text);
  if (digits === null) return false;
  return mod97(`${digits.slice(2)}${PL_LETTERS}${digits.slice(0, 2)}`) === 1;
}

/** The account as people read it: "PL61 1090 1014 0000 0712 1981 2874". */
export function formatPolishAccount(digits: string): string {
  return `PL${digits}`.replace(/(.{4})(?=.)/g, '$1 ');
}

/** Two spellings of one account name the same account (spaces, dashes, "PL"). */
export function isSameAccount(a: string, b: string): boolean {
  const left = normalizePolishAccount(a);
  return left !== null && left === normalizePolishAccount(b);
}
