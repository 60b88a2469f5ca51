import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  amountRange,
  dateRange,
  EMAIL_MAX,
  emailField,
  IdParamsSchema,
  INT_MAX,
  isEmailAddress,
  isoDateField,
  isStrongPassword,
  MAX_STRING,
  nonNegativeAmount,
  optionalEmail,
  optionalString,
  passwordField,
  positiveAmount,
  positiveId,
  refineDateOrder,
  requiredString,
  signInEmailField,
  V,
} from './validation.js';

/** The message keys of a failed parse, or 'ok'. */
function codes(schema: z.ZodType, value: unknown): string[] | 'ok' {
  const result = schema.safeParse(value);
  return result.success ? 'ok' : result.error.issues.map((issue) => issue.message);
}

describe('password rule', () => {
  it.each(['Secret123!', 'Zażółć-1x', 'aA1!aA1!', 'P@ssw0rd long enough'])('accepts %s', (value) => {
    expect(isStrongPassword(value)).toBe(true);
    expect(codes(passwordField, value)).toBe('ok');
  });

  it.each([
    ['7 characters', 'aA1!aA1'],
    ['no uppercase letter', 'secret123!'],
    ['no lowercase letter', 'SECRET123!'],
    ['no digit', 'Secret!!!'],
    ['no special character', 'Secret1234'],
    ['empty', ''],
  ])('refuses a password with %s', (_, value) => {
    expect(isStrongPassword(value)).toBe(false);
    expect(codes(passwordField, value)).toEqual([V.password]);
  });

  it('refuses more than 255 characters with maxLength', () => {
    expect(codes(passwordField, `Aa1!${'x'.repeat(MAX_STRING)}`)).toContain(V.maxLength);
  });

  it('answers required for a missing password and wrongType for a number', () => {
    expect(codes(passwordField, undefined)).toEqual([V.required]);
    expect(codes(passwordField, 12345678)).toEqual([V.wrongType]);
  });
});

describe('emailField', () => {
  it('trims and lower-cases a valid address', () => {
    expect(emailField.parse('  Jan.Kowalski@Firma.PL ')).toBe('jan.kowalski@firma.pl');
  });

  it.each(['jan', 'jan@', '@firma.pl', 'jan@firma', 'jan kowalski@firma.pl', 'jan@@firma.pl'])(
    'refuses %s with email',
    (value) => {
      expect(codes(emailField, value)).toEqual([V.email]);
    },
  );

  it('answers required for empty and missing, maxLength beyond 254 (RFC 5321)', () => {
    expect(codes(emailField, '')).toEqual([V.required]);
    expect(codes(emailField, undefined)).toEqual([V.required]);
    const longest = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.pl`;
    expect(longest).toHaveLength(EMAIL_MAX);
    expect(codes(emailField, longest)).toBe('ok');
    expect(codes(emailField, `x${longest}`)).toEqual([V.maxLength]);
    expect(codes(emailField, `${'a'.repeat(250)}@firma.pl`)).toEqual([V.maxLength]);
  });

  it.each([
    'jan.kowalski@firma.pl',
    "o'brien@firma.pl",
    'jan+zboze@firma.com.pl',
    'j_nowak-2@sub-domena.firma.pl',
    'biuro@xn--zboe-4ya.pl',
  ])('accepts %s', (value) => {
    expect(codes(emailField, value)).toBe('ok');
    expect(isEmailAddress(value)).toBe(true);
  });

  // What a mail server or header would read differently from what is stored (validation.ts `isEmailAddress`).
  it.each([
    ['a second recipient after a comma', 'a@b.pl,evil'],
    ['a second recipient after a semicolon', 'a@b.pl;c@d.pl'],
    ['an encoded word', '=?utf-8?q?x?=@x.pl'],
    ['a pipe', 'a|b@x.pl'],
    ['a brace', 'a{b}@x.pl'],
    ['angle brackets', '<a@b.pl>'],
    ['a display name', 'Jan <a@b.pl>'],
    ['quotes', '"jan kowalski"@firma.pl'],
    ['a tab inside', 'jan\t@firma.pl'],
    ['a line break', 'jan@firma.pl\r\nBcc: x@y.pl'],
    ['a NUL', 'jan\u0000@firma.pl'],
    ['a DEL', 'jan\u007f@firma.pl'],
    ['a backslash', 'jan\\x@firma.pl'],
    ['a leading dot', '.jan@firma.pl'],
    ['two dots', 'jan..nowak@firma.pl'],
    ['an IP literal', 'jan@[127.0.0.1]'],
    ['non-ASCII', 'żaneta@firma.pl'],
    ['a one-letter top-level domain', 'jan@firma.p'],
  ])('refuses %s with email', (_, value) => {
    expect(codes(emailField, value)).toEqual([V.email]);
    expect(codes(optionalEmail, value)).toEqual([V.email]);
    expect(isEmailAddress(value)).toBe(false);
  });
});

describe('signInEmailField', () => {
  it('takes the loose shape only, so an address stored before the strict rule still signs in', () => {
    expect(signInEmailField.parse(' Stary|Adres@Firma.pl ')).toBe('stary|adres@firma.pl');
    expect(codes(signInEmailField, 'a@b.pl,evil')).toBe('ok');
  });

  it('refuses what is no address at all, empty and over 254 characters', () => {
    expect(codes(signInEmailField, 'not-an-email')).toEqual([V.email]);
    expect(codes(signInEmailField, 'jan kowalski@firma.pl')).toEqual([V.email]);
    expect(codes(signInEmailField, '')).toEqual([V.required]);
    expect(codes(signInEmailField, `${'a'.repeat(250)}@firma.pl`)).toEqual([V.maxLength]);
  });
});

describe('optionalEmail', () => {
  it('turns empty, null and missing into null', () => {
    expect(optionalEmail.parse('')).toBeNull();
    expect(optionalEmail.parse(null)).toBeNull();
    expect(optionalEmail.parse(undefined)).toBeNull();
    expect(optionalEmail.parse('   ')).toBeNull();
  });

  it('lower-cases a valid address and refuses an invalid one', () => {
    expect(optionalEmail.parse('Biuro@Firma.pl')).toBe('biuro@firma.pl');
    expect(codes(optionalEmail, 'biuro@')).toEqual([V.email]);
  });
});

describe('requiredString', () => {
  it('trims and keeps 1 to 255 characters', () => {
    expect(requiredString().parse('  Nowak ')).toBe('Nowak');
    expect(requiredString().parse('x'.repeat(MAX_STRING))).toHaveLength(MAX_STRING);
  });

  it('refuses empty or blank with required, 256 characters with maxLength', () => {
    expect(codes(requiredString(), '')).toEqual([V.required]);
    expect(codes(requiredString(), '   ')).toEqual([V.required]);
    expect(codes(requiredString(), 'x'.repeat(MAX_STRING + 1))).toEqual([V.maxLength]);
  });

  it('takes another maximum when given', () => {
    expect(codes(requiredString(10), 'x'.repeat(11))).toEqual([V.maxLength]);
  });

  it('answers required for missing or null and wrongType for other types', () => {
    expect(codes(requiredString(), undefined)).toEqual([V.required]);
    expect(codes(requiredString(), null)).toEqual([V.required]);
    expect(codes(requiredString(), 12)).toEqual([V.wrongType]);
  });
});

describe('optionalString', () => {
  it('turns empty, blank, null and missing into null', () => {
    for (const value of ['', '   ', null, undefined]) expect(optionalString().parse(value)).toBeNull();
  });

  it('trims text and limits it to 255 characters', () => {
    expect(optionalString().parse(' uwagi ')).toBe('uwagi');
    expect(codes(optionalString(), 'x'.repeat(MAX_STRING + 1))).toEqual([V.maxLength]);
  });
});

describe('numbers and ids', () => {
  it('positiveId takes integers from 1 to 2147483647', () => {
    expect(codes(positiveId, 1)).toBe('ok');
    expect(codes(positiveId, INT_MAX)).toBe('ok');
    expect(codes(positiveId, 0)).toEqual([V.chooseItem]);
    expect(codes(positiveId, INT_MAX + 1)).toEqual([V.chooseItem]);
    expect(codes(positiveId, 1.5)).toEqual([V.chooseItem]);
    expect(codes(positiveId, undefined)).toEqual([V.required]);
  });

  it('positiveAmount is an integer above 0; nonNegativeAmount allows 0', () => {
    expect(codes(positiveAmount, 1)).toBe('ok');
    expect(codes(positiveAmount, 0)).toEqual([V.positive]);
    expect(codes(positiveAmount, 1.5)).toEqual([V.integer]);
    expect(codes(nonNegativeAmount, 0)).toBe('ok');
    expect(codes(nonNegativeAmount, -1)).toEqual([V.nonNegative]);
    expect(codes(nonNegativeAmount, 1_000_000_000)).toBe('ok');
    expect(codes(nonNegativeAmount, 1_000_000_001)).toEqual([V.tooBig]);
    expect(codes(positiveAmount, Number.MAX_SAFE_INTEGER + 2)).toContain(V.tooBig);
  });

  it('IdParamsSchema reads a path id as a positive integer', () => {
    expect(IdParamsSchema.parse({ id: '42' })).toEqual({ id: 42 });
    for (const id of ['abc', '0', '-3', '2.5', String(INT_MAX + 1), '1e3', '0x10', ' 7', '07', '+7', '']) {
      expect(IdParamsSchema.safeParse({ id }).success, id).toBe(false);
    }
  });
});

describe('ranges and date order', () => {
  it('accepts open and ordered ranges and refuses from after to on the to side', () => {
    expect(codes(amountRange, { from: 1, to: 2 })).toBe('ok');
    expect(codes(amountRange, { from: 2, to: 2 })).toBe('ok');
    expect(codes(amountRange, { from: 5 })).toBe('ok');
    expect(codes(amountRange, { to: null })).toBe('ok');
    const result = amountRange.safeParse({ from: 3, to: 2 });
    expect(result.error?.issues).toMatchObject([{ message: V.rangeOrder, path: ['to'] }]);
  });

  it('compares date ranges as dates', () => {
    expect(codes(dateRange, { from: '2026-01-31', to: '2026-02-01' })).toBe('ok');
    expect(codes(dateRange, { from: '2026-02-01', to: '2026-01-31' })).toEqual([V.rangeOrder]);
    expect(codes(dateRange, { from: '2026-02-30' })).toEqual([V.date]);
  });

  it('refineDateOrder flags the to field when it is before from', () => {
    const schema = z
      .object({ dateFrom: isoDateField, dateTo: isoDateField })
      .superRefine((value, ctx) => refineDateOrder(value, ctx, 'dateFrom', 'dateTo'));
    expect(codes(schema, { dateFrom: '2026-03-01', dateTo: '2026-03-01' })).toBe('ok');
    expect(schema.safeParse({ dateFrom: '2026-03-02', dateTo: '2026-03-01' }).error?.issues).toMatchObject([
      { message: V.dateToIsBefore, path: ['dateTo'] },
    ]);
  });
});
