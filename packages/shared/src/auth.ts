import { z } from 'zod';
import { USER_ROLES } from './enums.js';
import { emailField, MAX_STRING, passwordField, RESET_CODE_LENGTH, V } from './validation.js';

export const LoginRequestSchema = z.strictObject({
  email: emailField,
  password: z.string({ error: V.required }).min(1, V.required).max(255, V.maxLength),
});
export type LoginRequest = z.infer<typeof LoginRequestSchema>;

export const TokensResponseSchema = z.object({ token: z.string(), refreshToken: z.string() });
export type TokensResponse = z.infer<typeof TokensResponseSchema>;

export const RefreshRequestSchema = z.strictObject({
  refreshToken: z.string().min(1, V.required).max(MAX_STRING, V.maxLength),
});

export const MeResponseSchema = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(USER_ROLES),
  passwordExpired: z.boolean(),
});
export type Me = z.infer<typeof MeResponseSchema>;

export const resetCodeField = z
  .string({ error: V.required })
  .trim()
  .length(RESET_CODE_LENGTH, V.resetCode)
  .transform((value) => value.toUpperCase());

export const ResetPasswordRequestSchema = z.strictObject({ email: emailField });
export const ResetPasswordVerifySchema = z.strictObject({ email: emailField, code: resetCodeField });
export const ResetPasswordConfirmSchema = z.strictObject({
  email: emailField,
  code: resetCodeField,
  password: passwordField,
});
export type ResetPasswordConfirm = z.infer<typeof ResetPasswordConfirmSchema>;

export const ChangePasswordRequestSchema = z.strictObject({
  oldPassword: z.string({ error: V.required }).min(1, V.required).max(255, V.maxLength),
  newPassword: passwordField,
});
export type ChangePasswordRequest = z.infer<typeof ChangePasswordRequestSchema>;

/** Form-side shapes with the repeat field (spec/1 section 5). */
export const ChangePasswordFormSchema = z
  .object({
    oldPassword: z.string().min(1, V.required),
    newPassword: passwordField,
    repeatPassword: z.string().min(1, V.required),
  })
  .refine((v) => v.newPassword === v.repeatPassword, { message: V.passwordRepeat, path: ['repeatPassword'] });

export const NewPasswordFormSchema = z
  .object({ password: passwordField, repeatPassword: z.string().min(1, V.required) })
  .refine((v) => v.password === v.repeatPassword, { message: V.passwordRepeat, path: ['repeatPassword'] });
