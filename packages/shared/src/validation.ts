import { z } from 'zod';
import { isDateBefore, isValidIsoDate } from './dates.js';

/** Validation message keys; the web app translates them (i18n/pl.ts, `validation.*`). */
export const V = {
  required: 'required',
  empty: 'empty',
  wrongType: 'wrongType',
  maxLength: 'maxLength',
  minLength: 'minLength',
  email: 'email',
  password: 'password',
  passwordRepeat: 'passwordRepeat',
  /** On the common-password list (checked by the server only: apps/server/src/lib/common-passwords.ts). */
  commonPassword: 'commonPassword',
  /** The new password is the one the account has now. */
  samePassword: 'samePassword',
  positive: 'positive',
  nonNegative: 'nonNegative',
  tooBig: 'tooBig',
  tooSmall: 'tooSmall',
  integer: 'integer',
  nationalId: 'nationalId',
  pesel: 'pesel',
  nipOrPesel: 'nipOrPesel',
  nipChecksum: 'nipChecksum',
  /** A Polish bank account whose IBAN check digits fail (rules/iban.ts). */
  iban: 'iban',
  lastNameOrCompany: 'lastNameOrCompany',
  date: 'date',
  dateToIsBefore: 'dateToIsBefore',
  dateUnloadingIsBefore: 'dateUnloadingIsBefore',
  gmpNumberIsRequired: 'gmpNumberIsRequired',
  chooseItem: 'chooseItem',
  nameExists: 'nameExists',
  rangeOrder: 'rangeOrder',
  noteTooShort: 'noteTooShort',
  oneOf: 'oneOf',
  unknownField: 'unknownField',
  resetCode: 'resetCode',
  duplicateItem: 'duplicateItem',
  logoFormat: 'logoFormat',
  logoTooBig: 'logoTooBig',
  gmpCertificate: 'gmpCertificate',
  deductionsTwice: 'deductionsTwice',
  scaleDivision: 'scaleDivision',
  viewTooBig: 'viewTooBig',
  /** A correction that changes no line (RULES.md Invoices, VAT and KSeF). */
  noChange: 'noChange',
  /** A correction dated before the invoice it corrects. */
  beforeInvoiceDate: 'beforeInvoiceDate',
  /** NBP publishes exchange-rate tables only on Polish business days (RULES.md Invoices, VAT and KSeF). */
  notBusinessDay: 'notBusinessDay',
  /** NBP has no table A rate of that currency and day. */
  rateNotPublished: 'rateNotPublished',
  /** A list's offset at or past its capped count (list.ts FILTERED_COUNT_CAP): the search must narrow first. */
  pastCappedCount: 'pastCappedCount',
  /** Another price-list entry of the same quality, supplier kind and payment term covers one of these days. */
  periodOverlap: 'periodOverlap',
} as const;

export type ValidationKey = (typeof V)[keyof typeof V];

export const MAX_STRING = 255;
export const INT_MIN = -2147483648;
export const INT_MAX = 2147483647;
/**
 * Kilograms and minor units on input: integers up to 10^9 (1 000 000 t; 10 000 000,00 per tonne), so that a line
 * value (kg × price per tonne / 1000) stays within 10^15 and every sum and PLN conversion of it an exact integer
 * below 2^53 (ARCHITECTURE.md, Known pitfalls). Larger inputs overflowed the database columns.
 */
export const AMOUNT_MAX = 1_000_000_000;
/** Exchange rate × RATE_SCALE on input: at most 100 PLN per unit of the currency. */
export const EXCHANGE_RATE_MAX = 1_000_000;
export const NOTE_MIN = 10;
export const PASSWORD_MIN = 8;
export const RESET_CODE_LENGTH = 6;

const typeError = (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? V.required : V.wrongType;

/** Required text: trimmed, 1..max characters. */
export const requiredString = (max = MAX_STRING) =>
  z.string({ error: typeError }).trim().min(1, V.required).max(max, V.maxLength);

/** Optional text: empty or missing becomes null. */
export const optionalString = (max = MAX_STRING) =>
  z
    .string({ error: typeError })
    .trim()
    .max(max, V.maxLength)
    .nullish()
    .transform((value) => (value ? value : null));

/** RFC 5321 4.5.3.1.3: a path holds at most 256 characters with its angle brackets, so an address at most 254. */
export const EMAIL_MAX = 254;

/**
 * The one rule for an e-mail address we store and send mail to: zod's own pattern (`z.regexes.email`, zod 4 pinned:
 * dot-separated atoms of ASCII letters, digits and _ ' + - in the local part, no leading, trailing or double dot;
 * host labels of letters, digits and hyphens under a top-level domain of 2+ letters), at most EMAIL_MAX characters.
 * It is stricter than the HTML living standard's pattern that browsers use, on purpose: it leaves out everything a
 * mail server or a mail header would read differently from what we store — commas and semicolons (a second
 * recipient), whitespace and control characters, quotes, angle brackets, encoded words (`=?…?=`), pipes and braces,
 * IP literals and non-ASCII (an IDN domain goes in as its xn-- form).
 */
export function isEmailAddress(value: string): boolean {
  return value.length <= EMAIL_MAX && z.regexes.email.test(value);
}

/** The rule as a check of a trimmed text: empty and too long are answered by `required` / `maxLength` alone. */
const isEmailOrOtherIssue = (value: string) => value === '' || value.length > EMAIL_MAX || isEmailAddress(value);

/** Every e-mail field (users, contractors and their contacts, contracts' contacts and notification lists, company, reset). */
export const emailField = z
  .string({ error: typeError })
  .trim()
  .min(1, V.required)
  .max(EMAIL_MAX, V.maxLength)
  .refine(isEmailOrOtherIssue, V.email)
  .transform((value) => value.toLowerCase());

export const optionalEmail = z
  .string({ error: typeError })
  .trim()
  .max(EMAIL_MAX, V.maxLength)
  .refine(isEmailOrOtherIssue, V.email)
  .nullish()
  .transform((value) => (value ? value.toLowerCase() : null));

/**
 * The address of a sign-in: only the loose shape (local@host.tld without whitespace), not the rule above, so that an
 * account stored before the rule still signs in; any address no account has answers WRONG_CREDENTIALS after the same
 * hash as a wrong password, so the answer never tells which addresses exist.
 */
const SIGN_IN_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const signInEmailField = z
  .string({ error: typeError })
  .trim()
  .min(1, V.required)
  .max(EMAIL_MAX, V.maxLength)
  .refine((value) => value === '' || value.length > EMAIL_MAX || SIGN_IN_EMAIL.test(value), V.email)
  .transform((value) => value.toLowerCase());

/** spec/1 section 5: 8+ characters with an uppercase, a lowercase, a digit and a special character. */
export function isStrongPassword(value: string): boolean {
  return (
    value.length >= PASSWORD_MIN &&
    /[A-Z]/.test(value) &&
    /[a-z]/.test(value) &&
    /\d/.test(value) &&
    /[^A-Za-z0-9]/.test(value)
  );
}

export const passwordField = z
  .string({ error: typeError })
  .max(MAX_STRING, V.maxLength)
  .refine(isStrongPassword, V.password);

/** YYYY-MM-DD: a longer text is no date, refused before it is read. */
export const ISO_DATE_LENGTH = 10;

export const isoDateField = z
  .string({ error: typeError })
  .max(ISO_DATE_LENGTH, { error: V.date, abort: true })
  .refine(isValidIsoDate, V.date);

export const positiveId = z
  .number({ error: (issue) => (issue.input === undefined ? V.required : V.chooseItem) })
  .int(V.chooseItem)
  .min(1, V.chooseItem)
  .max(INT_MAX, V.chooseItem);

/** Kilograms or minor units greater than 0. */
export const positiveAmount = z
  .number({ error: typeError })
  .int(V.integer)
  .min(1, V.positive)
  .max(AMOUNT_MAX, V.tooBig);

/** Kilograms or minor units, 0 or more. */
export const nonNegativeAmount = z
  .number({ error: typeError })
  .int(V.integer)
  .min(0, V.nonNegative)
  .max(AMOUNT_MAX, V.tooBig);

export const idList = z.array(positiveId).max(1000);

/** A `{ from, to }` range where either side may be missing; from may not pass to. */
export function rangeOf<T extends z.ZodTypeAny>(item: T) {
  return z
    .strictObject({ from: item.nullish(), to: item.nullish() })
    .refine(
      (range) =>
        range.from === undefined ||
        range.from === null ||
        range.to === undefined ||
        range.to === null ||
        !((range.from as number | string) > (range.to as number | string)),
      { message: V.rangeOrder, path: ['to'] },
    );
}

export const dateRange = rangeOf(isoDateField);
export const amountRange = rangeOf(nonNegativeAmount);

/** Adds dateToIsBefore on `toKey` when both dates are set and to is before from. */
export function refineDateOrder<T extends Record<string, unknown>>(
  value: T,
  ctx: z.RefinementCtx,
  fromKey: keyof T & string,
  toKey: keyof T & string,
  message: string = V.dateToIsBefore,
) {
  const from = value[fromKey];
  const to = value[toKey];
  if (typeof from === 'string' && typeof to === 'string' && isDateBefore(to, from)) {
    ctx.addIssue({ code: 'custom', path: [toKey], message });
  }
}

/** A path id: decimal digits only ('1e3', '0x10' and ' 7' are not ids), a positive 32-bit integer. */
export const IdParamsSchema = z.strictObject({
  id: z
    .string({ error: V.wrongType })
    .max(10, { error: V.wrongType, abort: true })
    .regex(/^[1-9][0-9]{0,9}$/, V.wrongType)
    .transform(Number)
    .pipe(z.number().int().max(INT_MAX)),
});
export type IdParams = z.infer<typeof IdParamsSchema>;

export const EmptyResponseSchema = z.strictObject({});
export const SuccessResponseSchema = z.object({ success: z.literal(true) });
