import { z } from 'zod';
import { CertificateResponseSchema, certificateListField } from './certificates.js';
import { ACCOUNTING_METHODS, CONTRACTOR_LABELS, GENDERS } from './enums.js';
import { EmptyFilterSchema, listRequestSchema, listResponseSchema, OptionSchema } from './list.js';
import { isValidNip } from './nip.js';
import { dropReadOnly, readOnlyFields, readOnlyKeys } from './read-only.js';
import { contractorRrFields, contractorRrResponseFields } from './rr-invoices.js';
import { idList, MAX_STRING, optionalEmail, optionalString, positiveId, requiredString, V } from './validation.js';

/** RULES.md Contractors and cargo: at most 10 contacts and 10 additional addresses per contractor. */
export const MAX_CONTRACTOR_CONTACTS = 10;
export const MAX_CONTRACTOR_ADDRESSES = 10;
export const DEFAULT_COUNTRY_CODE = 'PL';

/** spec/1 Contractors: search over code, name, nip, pesel and phone number; default sort code ascending. */
export type ContractorSortKey = 'code' | 'name' | 'nip' | 'pesel' | 'phone_number' | 'id';

const NIP_LENGTH = 10;
const PESEL_LENGTH = 11;

/** Digits only; spaces and dashes typed for readability are removed, empty becomes null. */
const digitsField = (length: number, message: string) =>
  z
    .string({ error: V.wrongType })
    .max(MAX_STRING, V.maxLength)
    .nullish()
    .transform((value) => (value ?? '').replace(/[\s-]/g, ''))
    .refine((value) => value === '' || (value.length === length && /^\d+$/.test(value)), message)
    .transform((value) => value || null);

/** A select that may be left empty: '' and missing become null. */
const optionalEnum = <T extends readonly [string, ...string[]]>(values: T) =>
  z.preprocess(
    (value) => (value === '' || value === undefined ? null : value),
    z.enum(values, { error: V.oneOf }).nullable(),
  );

export const countryCodeField = z
  .string({ error: V.wrongType })
  .max(MAX_STRING, V.maxLength)
  .trim()
  .toUpperCase()
  .refine((value) => value === '' || /^[A-Z]{2}$/.test(value), V.chooseItem)
  .nullish()
  .transform((value) => value || DEFAULT_COUNTRY_CODE);

const addressFields = {
  street: optionalString(),
  buildingNumber: optionalString(),
  postCode: optionalString(),
  city: optionalString(),
  countryCode: countryCodeField,
};

export const AccountingAddressSchema = z.preprocess((value) => value ?? {}, z.strictObject(addressFields));
export type AccountingAddress = z.infer<typeof AccountingAddressSchema>;

/** spec/1 section 5: the city is what makes an address an address. */
export const AdditionalAddressSchema = z.strictObject({
  id: positiveId.nullish(),
  name: optionalString(),
  ...addressFields,
  city: requiredString(),
});
export type AdditionalAddress = z.infer<typeof AdditionalAddressSchema>;

export const ContactSchema = z
  .strictObject({
    id: positiveId.nullish(),
    firstName: optionalString(),
    middleName: optionalString(),
    lastName: optionalString(),
    name: optionalString(),
    phoneNumber: optionalString(),
    email: optionalEmail,
    gender: optionalEnum(GENDERS),
  })
  .refine((contact) => contact.lastName || contact.name, { message: V.lastNameOrCompany, path: ['lastName'] });
export type Contact = z.infer<typeof ContactSchema>;

const isBlank = (value: unknown) =>
  value === undefined || value === null || (typeof value === 'string' && !value.trim());
const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** spec/1 section 5: an address is empty when all its fields are empty or only the country is PL. */
export function isEmptyAddress(value: unknown): boolean {
  if (!isRecord(value) || !isBlank(value.id)) return false;
  const { countryCode, id: _id, ...rest } = value;
  const isDefaultCountry = isBlank(countryCode) || String(countryCode).trim().toUpperCase() === DEFAULT_COUNTRY_CODE;
  return isDefaultCountry && Object.values(rest).every(isBlank);
}

/** A contact is empty when none of its text fields is filled (a gender alone is not a contact). */
export function isEmptyContact(value: unknown): boolean {
  if (!isRecord(value) || !isBlank(value.id)) return false;
  const { gender: _gender, id: _id, ...rest } = value;
  return Object.values(rest).every(isBlank);
}

/** spec/2 Contractors: the form always shows one entry; when that first entry is left empty it is dropped. */
export function dropEmptyFirstEntry(value: unknown, isEmpty: (entry: unknown) => boolean): unknown {
  if (value === undefined || value === null) return [];
  if (!Array.isArray(value) || value.length === 0) return value;
  return isEmpty(value[0]) ? value.slice(1) : value;
}

const contractorFields = {
  code: requiredString(),
  name: optionalString(),
  nip: digitsField(NIP_LENGTH, V.nationalId).refine((value) => value === null || isValidNip(value), V.nipChecksum),
  pesel: digitsField(PESEL_LENGTH, V.pesel),
  phoneNumber: optionalString(),
  email: optionalEmail,
  label: optionalEnum(CONTRACTOR_LABELS),
  accountingMethod: optionalEnum(ACCOUNTING_METHODS),
  accountingAddress: AccountingAddressSchema,
  additionalAddress: z.preprocess(
    (value) => dropEmptyFirstEntry(value, isEmptyAddress),
    z.array(AdditionalAddressSchema, { error: V.wrongType }).max(MAX_CONTRACTOR_ADDRESSES, V.tooBig),
  ),
  contactList: z.preprocess(
    (value) => dropEmptyFirstEntry(value, isEmptyContact),
    z.array(ContactSchema, { error: V.wrongType }).max(MAX_CONTRACTOR_CONTACTS, V.tooBig),
  ),
  certificates: certificateListField,
  /** RULES.md Invoices, VAT and KSeF: this contractor's payment term and bank account on invoices; empty takes the company's. */
  invoicePaymentTermDays: z
    .number({ error: V.wrongType })
    .int(V.integer)
    .min(0, V.nonNegative)
    .max(365, V.tooBig)
    .nullish()
    .transform((value) => value ?? null),
  invoiceBankAccount: optionalString(64),
  ...contractorRrFields,
};

interface ContractorRuleInput {
  name: string | null;
  nip: string | null;
  pesel: string | null;
  label: string | null;
  contactList: { lastName: string | null }[];
}

/**
 * spec/1 section 5: NIP or PESEL required; last name or company name required. The company name is `name`;
 * a farmer (label GR) without one is named by the last name of a contact.
 */
function refineContractor(value: ContractorRuleInput, ctx: z.RefinementCtx) {
  if (!value.nip && !value.pesel) {
    ctx.addIssue({ code: 'custom', path: ['nip'], message: V.nipOrPesel });
    ctx.addIssue({ code: 'custom', path: ['pesel'], message: V.nipOrPesel });
  }
  const isNamedByContact = value.label === 'GR' && value.contactList.some((contact) => contact.lastName);
  if (!value.name && !isNamedByContact) ctx.addIssue({ code: 'custom', path: ['name'], message: V.lastNameOrCompany });
}

export const ContractorCreateRequestSchema = z.strictObject(contractorFields).superRefine(refineContractor);
export type ContractorCreateRequest = z.infer<typeof ContractorCreateRequestSchema>;

const AddressResponseSchema = z.object({
  street: z.string().nullable(),
  buildingNumber: z.string().nullable(),
  postCode: z.string().nullable(),
  city: z.string().nullable(),
  countryCode: z.string(),
});

export const AdditionalAddressResponseSchema = AddressResponseSchema.extend({
  id: z.number(),
  name: z.string().nullable(),
});

export const ContactResponseSchema = z.object({
  id: z.number(),
  firstName: z.string().nullable(),
  middleName: z.string().nullable(),
  lastName: z.string().nullable(),
  name: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
  gender: z.enum(GENDERS).nullable(),
});
export type ContactResponse = z.infer<typeof ContactResponseSchema>;

const contractorResponseFields = {
  id: z.number(),
  code: z.string(),
  name: z.string().nullable(),
  nip: z.string().nullable(),
  pesel: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  email: z.string().nullable(),
  label: z.enum(CONTRACTOR_LABELS).nullable(),
  accountingMethod: z.enum(ACCOUNTING_METHODS).nullable(),
  accountingAddress: AddressResponseSchema,
  ...contractorRrResponseFields,
};

/** One list row: what the contractor list shows, all contacts included for the "+N" tooltip. */
export const ContractorListItemSchema = z.object({
  ...contractorResponseFields,
  contactList: z.array(ContactResponseSchema),
  certificates: z.array(CertificateResponseSchema),
});
export type ContractorListItem = z.infer<typeof ContractorListItemSchema>;

export const ContractorResponseSchema = z.object({
  ...contractorResponseFields,
  additionalAddress: z.array(AdditionalAddressResponseSchema),
  contactList: z.array(ContactResponseSchema),
  certificates: z.array(CertificateResponseSchema),
  invoicePaymentTermDays: z.number().nullable(),
  invoiceBankAccount: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ContractorResponse = z.infer<typeof ContractorResponseSchema>;

const contractorUpdateFields = {
  ...contractorFields,
  addressToDelete: idList.default([]),
  contactToDelete: idList.default([]),
};
/** What get-one answers besides the form (id, created_at, updated_at): ignored when sent back (read-only.ts). */
const CONTRACTOR_READ_ONLY = readOnlyKeys(ContractorResponseSchema, contractorUpdateFields);

/** Update: the same form plus the ids of addresses and contacts to remove. */
export const ContractorUpdateRequestSchema = z
  .strictObject({ ...contractorUpdateFields, ...readOnlyFields(CONTRACTOR_READ_ONLY) })
  .superRefine(refineContractor)
  .transform(dropReadOnly(CONTRACTOR_READ_ONLY));
export type ContractorUpdateRequest = z.infer<typeof ContractorUpdateRequestSchema>;

/** spec/2 Contractors: get-one answers `{ success, result }`; create and update answer the same. */
export const ContractorResultResponseSchema = z.object({ success: z.literal(true), result: ContractorResponseSchema });
export type ContractorResultResponse = z.infer<typeof ContractorResultResponseSchema>;

export const ContractorListRequestSchema = listRequestSchema(EmptyFilterSchema);
export type ContractorListRequest = z.infer<typeof ContractorListRequestSchema>;
export const ContractorListResponseSchema = listResponseSchema(ContractorListItemSchema);

export const ContractorOptionListResponseSchema = listResponseSchema(OptionSchema);
export const ContractorSelectedOptionListResponseSchema = z.object({ list: z.array(OptionSchema) });

/** Option label: "CODE – name", or the code alone when the contractor has no name. */
export function contractorLabel(contractor: { code: string; name: string | null }): string {
  return contractor.name ? `${contractor.code} – ${contractor.name}` : contractor.code;
}
