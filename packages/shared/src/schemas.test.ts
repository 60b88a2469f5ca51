import { describe, expect, it } from 'vitest';
import {
  ChangePasswordFormSchema,
  ChangePasswordRequestSchema,
  LoginRequestSchema,
  NewPasswordFormSchema,
  ResetPasswordVerifySchema,
} from './auth.js';
import { isMessageCode, MESSAGE_CODES } from './message-codes.js';
import { UserCreateFormSchema, UserCreateRequestSchema, UserUpdateRequestSchema } from './users.js';
import { V } from './validation.js';

describe('auth schemas', () => {
  it('login needs a valid e-mail and a password, and no other key', () => {
    expect(LoginRequestSchema.parse({ email: 'A@B.pl', password: 'x' })).toEqual({ email: 'a@b.pl', password: 'x' });
    expect(LoginRequestSchema.safeParse({ email: 'a@b.pl', password: '' }).success).toBe(false);
    expect(LoginRequestSchema.safeParse({ email: 'a@b.pl', password: 'x', extra: 1 }).success).toBe(false);
  });

  it('a reset code is exactly 6 characters, trimmed and upper-cased', () => {
    expect(ResetPasswordVerifySchema.parse({ email: 'a@b.pl', code: ' abc234 ' }).code).toBe('ABC234');
    for (const code of ['ABC23', 'ABC2345', '']) {
      expect(ResetPasswordVerifySchema.safeParse({ email: 'a@b.pl', code }).error?.issues).toMatchObject([
        { path: ['code'], message: V.resetCode },
      ]);
    }
  });

  it('the password forms need the repeat to match', () => {
    expect(NewPasswordFormSchema.safeParse({ password: 'Secret123!', repeatPassword: 'Secret123!' }).success).toBe(
      true,
    );
    expect(
      NewPasswordFormSchema.safeParse({ password: 'Secret123!', repeatPassword: 'Secret123?' }).error?.issues,
    ).toMatchObject([{ path: ['repeatPassword'], message: V.passwordRepeat }]);
    expect(
      ChangePasswordFormSchema.safeParse({ oldPassword: 'x', newPassword: 'Secret123!', repeatPassword: 'other' })
        .success,
    ).toBe(false);
  });

  it('a new password must differ from the current one (as the hash compares them, NFKC)', () => {
    const same = { oldPassword: 'Zboze-2026!', newPassword: 'Zboze-2026!' };
    const issues = [{ path: ['newPassword'], message: V.samePassword }];
    expect(ChangePasswordRequestSchema.safeParse(same).error?.issues).toMatchObject(issues);
    expect(
      ChangePasswordFormSchema.safeParse({ ...same, repeatPassword: same.newPassword }).error?.issues,
    ).toMatchObject(issues);
    const composed = { oldPassword: 'Zażółć-1x', newPassword: 'Zaz\u0307o\u0301\u0142c\u0301-1x' };
    expect(ChangePasswordRequestSchema.safeParse(composed).error?.issues).toMatchObject(issues);
    expect(ChangePasswordRequestSchema.safeParse({ ...same, newPassword: 'Zboze-2027!' }).success).toBe(true);
  });

  it('does not call an empty or missing pair the same password', () => {
    const messages = (value: object) =>
      ChangePasswordRequestSchema.safeParse(value).error?.issues.map((i) => i.message);
    expect(messages({ oldPassword: '', newPassword: '' })).not.toContain(V.samePassword);
    expect(messages({ newPassword: 'weak' })).toEqual([V.required, V.password]);
  });
});

describe('user schemas', () => {
  const create = { email: 'jan@firma.pl', firstName: 'Jan', lastName: 'Nowak', role: 'USER', password: 'Secret123!' };

  it('create defaults to active with both notifications off', () => {
    expect(UserCreateRequestSchema.parse(create)).toEqual({
      ...create,
      active: true,
      isNotifyOnPurchase: false,
      isNotifyOnSales: false,
    });
  });

  it('role is USER or ADMIN: oneOf for another value, required when missing', () => {
    expect(UserCreateRequestSchema.safeParse({ ...create, role: 'ROOT' }).error?.issues).toMatchObject([
      { path: ['role'], message: V.oneOf },
    ]);
    const { role: _role, ...withoutRole } = create;
    expect(UserCreateRequestSchema.safeParse(withoutRole).error?.issues).toMatchObject([
      { path: ['role'], message: V.required },
    ]);
  });

  it('the create form checks the repeated password', () => {
    expect(UserCreateFormSchema.safeParse({ ...create, repeatPassword: 'Secret123?' }).success).toBe(false);
    expect(UserCreateFormSchema.safeParse({ ...create, repeatPassword: 'Secret123!' }).success).toBe(true);
  });

  it('update needs active and takes no password', () => {
    const { password: _password, ...fields } = create;
    expect(UserUpdateRequestSchema.safeParse(fields).success).toBe(false);
    expect(UserUpdateRequestSchema.safeParse({ ...fields, active: false }).success).toBe(true);
    expect(UserUpdateRequestSchema.safeParse({ ...fields, active: true, password: 'Secret123!' }).success).toBe(false);
  });
});

describe('message codes', () => {
  it('carry an HTTP error status', () => {
    for (const [code, status] of Object.entries(MESSAGE_CODES)) {
      expect(status >= 400 && status < 600, code).toBe(true);
    }
    expect(MESSAGE_CODES.VALIDATION_ERROR).toBe(400);
    expect(MESSAGE_CODES.UNAUTHORIZED).toBe(401);
    expect(MESSAGE_CODES.FORBIDDEN).toBe(403);
    expect(MESSAGE_CODES.NOT_FOUND).toBe(404);
    expect(MESSAGE_CODES.TOO_MANY_REQUESTS).toBe(429);
    expect(MESSAGE_CODES.INTERNAL_ERROR).toBe(500);
  });

  it('isMessageCode knows the catalogue and nothing else', () => {
    expect(isMessageCode('DENIED_TOKEN')).toBe(true);
    expect(isMessageCode('toString')).toBe(false);
    expect(isMessageCode('NOPE')).toBe(false);
    expect(isMessageCode(401)).toBe(false);
  });
});
