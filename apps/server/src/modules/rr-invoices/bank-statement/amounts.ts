import { isValidIsoDate } from '@grain/shared';
import { StatementLineError } from './types.js';

/**
 * "1 284,28", "1284,5", "-12,00", "1.284,28" to integer grosze by their digits (never through a float): the sign
 * is returned apart. Thousands separators (space, no-break space, dot before three digits) are allowed.
 */
export function parseGrosze(text: string, line: number): { minor: number; isNegative: boolean } {
  const compact = text.trim().replace(/\s*(PLN|EUR|USD)$/i, '');
  const match = /^([+-]?)(\d{1,3}(?:[.\s\u00a0\u202f]\d{3})+|\d+)(?:,(\d{0,2}))?$/.exec(compact);
  if (!match) throw new StatementLineError(line, `kwota „${text.trim()}” nie jest liczbą`);
  const whole = match[2]!.replace(/\D/g, '');
  const minor = Number(whole) * 100 + Number((match[3] ?? '').padEnd(2, '0'));
  if (!Number.isSafeInteger(minor) || whole.length > 13) {
    throw new StatementLineError(line, `kwota „${text.trim()}” jest za duża`);
  }
  return { minor, isNegative: match[1] === '-' };
}

/** A date written YYYY-MM-DD, DD.MM.YYYY or (MT940) YYMMDD, checked to exist. */
export function parseStatementDate(text: string, line: number): string {
  const value = text.trim();
  let iso = value;
  if (/^\d{2}\.\d{2}\.\d{4}$/.test(value)) iso = `${value.slice(6)}-${value.slice(3, 5)}-${value.slice(0, 2)}`;
  else if (/^\d{6}$/.test(value)) iso = `20${value.slice(0, 2)}-${value.slice(2, 4)}-${value.slice(4)}`;
  if (!isValidIsoDate(iso)) throw new StatementLineError(line, `nieprawidłowa data „${value}”`);
  return iso;
}

/**
 * A Polish account from what a statement gives: 26 digits (spaces, "PL" allowed) as they are, or the 24 digits of
 * bank number and account without the check digits (MT940 ~30 + ~31), completed by the IBAN rule (ISO 13616).
 */
export function accountFrom(text: string | null | undefined): string | null {
  if (!text) return null;
  const compact = text.replace(/[\s-]/g, '').toUpperCase().replace(/^PL/, '');
  if (/^\d{26}$/.test(compact)) return compact;
  if (!/^\d{24}$/.test(compact)) return null;
  const check = 98 - Number(BigInt(`${compact}252100`) % 97n);
  return `${String(check).padStart(2, '0')}${compact}`;
}
