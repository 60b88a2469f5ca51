import { V } from '@grain/shared';
import { DEFAULT_ADMIN_PASSWORD, DEMO_PASSWORD } from '../config.js';
import { validationError } from './errors.js';

/**
 * Common passwords are refused wherever a password is set (user create, change password, the forced change at first
 * sign-in, reset confirm; ASVS 2.1.7). The list is zxcvbn-ts' common-password dictionary (@zxcvbn-ts/language-common,
 * MIT, pinned: about 49 000 passwords from public breach corpora, all lower case), plus this product's own published
 * passwords (README: the first administrator's default and the demo users'). It stays on the server: half a megabyte
 * has no place in the web bundle, and the server's refusal is what counts (the web shows it under the field).
 *
 * A password is looked up lower-cased (after the same NFKC normalisation as the hash), as it is, without its trailing
 * symbols and without its trailing digits and symbols: the length and character-class rule (spec/1 section 5) makes
 * people write a common word, capitalise it and append digits and a symbol, so `Admin123!` is `admin123` and `admin`.
 */
const PUBLISHED_PASSWORDS = [DEFAULT_ADMIN_PASSWORD, DEMO_PASSWORD];

let commonPasswords: Promise<Set<string>> | null = null;

/** Loaded on first use: decompressing the dictionary costs some milliseconds that a start-up need not pay. */
function commonPasswordSet(): Promise<Set<string>> {
  commonPasswords ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) =>
      new Set([...dictionary['passwords-common'], ...PUBLISHED_PASSWORDS.flatMap((password) => lookupForms(password))]),
  );
  return commonPasswords;
}

/** The forms a password is looked up in (module comment). */
export function lookupForms(password: string): string[] {
  const lower = password.normalize('NFKC').toLowerCase();
  const withoutSymbols = lower.replace(/[^\p{L}\p{N}]+$/u, '');
  const withoutDigitsAndSymbols = lower.replace(/[^\p{L}]+$/u, '');
  return [...new Set([lower, withoutSymbols, withoutDigitsAndSymbols].filter((form) => form.length > 0))];
}

export async function isCommonPassword(password: string): Promise<boolean> {
  const common = await commonPasswordSet();
  return lookupForms(password).some((form) => common.has(form));
}

/** VALIDATION_ERROR `commonPassword` on the field that carried the new password. */
export async function assertNotCommonPassword(password: string, field: string): Promise<void> {
  if (await isCommonPassword(password)) throw validationError({ field, code: V.commonPassword });
}
