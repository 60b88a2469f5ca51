import { z } from 'zod';
import { USER_ROLES } from './enums.js';
import { listRequestSchema, listResponseSchema } from './list.js';
import { dropReadOnly, readOnlyFields, readOnlyKeys } from './read-only.js';
import { emailField, passwordField, requiredString, V } from './validation.js';

export type UserSortKey = 'first_name' | 'last_name' | 'email' | 'role' | 'id';

const userFields = {
  email: emailField,
  firstName: requiredString(),
  lastName: requiredString(),
  role: z.enum(USER_ROLES, {
    error: (issue) => (issue.input === undefined || issue.input === null ? V.required : V.oneOf),
  }),
  isNotifyOnPurchase: z.boolean().default(false),
  isNotifyOnSales: z.boolean().default(false),
  /** The daily e-mail of certificates expiring within 30 days; left out, it stays as it is. */
  isNotifyOnCertificates: z.boolean().optional(),
};

export const UserCreateRequestSchema = z.strictObject({
  ...userFields,
  active: z.boolean().default(true),
  password: passwordField,
});
export type UserCreateRequest = z.infer<typeof UserCreateRequestSchema>;

/** Create form: adds the repeat field checked on the client. */
export const UserCreateFormSchema = UserCreateRequestSchema.extend({ repeatPassword: z.string() }).refine(
  (v) => v.password === v.repeatPassword,
  { message: V.passwordRepeat, path: ['repeatPassword'] },
);

export const UserResponseSchema = z.object({
  id: z.number(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  role: z.enum(USER_ROLES),
  active: z.boolean(),
  isNotifyOnPurchase: z.boolean(),
  isNotifyOnSales: z.boolean(),
  isNotifyOnCertificates: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type UserResponse = z.infer<typeof UserResponseSchema>;

const userUpdateFields = { ...userFields, active: z.boolean() };
/** What get answers besides the form (id, created_at, updated_at): ignored when sent back (read-only.ts). */
const USER_READ_ONLY = readOnlyKeys(UserResponseSchema, userUpdateFields);
export const UserUpdateRequestSchema = z
  .strictObject({ ...userUpdateFields, ...readOnlyFields(USER_READ_ONLY) })
  .transform(dropReadOnly(USER_READ_ONLY));
export type UserUpdateRequest = z.infer<typeof UserUpdateRequestSchema>;

export const UserListRequestSchema = listRequestSchema(z.strictObject({ active: z.boolean().optional() }));
export const UserListResponseSchema = listResponseSchema(UserResponseSchema);

export const UserOptionSchema = z.object({ value: z.number(), label: z.string(), email: z.string() });
export const UserOptionListResponseSchema = listResponseSchema(UserOptionSchema);

export const DefaultEmailListResponseSchema = z.object({ list: z.array(z.string()) });
