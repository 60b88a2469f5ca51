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
  positive: 'positive',
  nonNegative: 'nonNegative',
  tooBig: 'tooBig',
  tooSmall: 'tooSmall',
  integer: 'integer',
  nationalId: 'nationalId',
  pesel: 'pesel',
  nipOrPesel: 'nipOrPesel',
  nipChecksum: 'nipChecksum',
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
} as const;

export type ValidationKey = (typeof V)[keyof typeof V];

export const MAX_STRING = 255;
export const INT_MIN = -2147483648;
export const INT_MAX = 2147483647;
/**
 * Kilograms and minor units on input: integers up to 10^9 (1 000 000 t; 10 000 000,00 per tonne), so that a line
 * value (kg × price per tonne / 1000) stays within 10^15 and every sum and PLN conversion of it an exact integer
 * below 2^53 (ARCHITECTURE.md, Known pitfalls). Larger inputs overflowed the database columns (issue 10).
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

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailField = z
  .string({ error: typeError })
  .trim()
  .min(1, V.required)
  .max(MAX_STRING, V.maxLength)
  .regex(EMAIL, V.email)
  .transform((value) => value.toLowerCase());

export const optionalEmail = z
  .string({ error: typeError })
  .trim()
  .max(MAX_STRING, V.maxLength)
  .refine((value) => value === '' || EMAIL.test(value), V.email)
  .nullish()
  .transform((value) => (value ? value.toLowerCase() : null));

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
