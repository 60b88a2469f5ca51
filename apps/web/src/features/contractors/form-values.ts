import {
  type AccountingMethod,
  type ContractorCreateRequest,
  ContractorCreateRequestSchema,
  type ContractorLabel,
  type ContractorResponse,
  type ContractorUpdateRequest,
  DEFAULT_COUNTRY_CODE,
  dropEmptyFirstEntry,
  formatPolishAccount,
  type Gender,
  isEmptyAddress,
  isEmptyContact,
} from '@grain/shared';
import { type ZodType, z } from 'zod';
import {
  type CertificateFormValues,
  toCertificateForm,
  toCertificateRequest,
} from './certificates/certificate-form-values';

/** Form values: text inputs hold '' for empty; the mapping below turns them into the request's nulls. */
export interface AddressFormValues {
  street: string;
  buildingNumber: string;
  postCode: string;
  city: string;
  countryCode: string;
}

export interface AdditionalAddressFormValues extends AddressFormValues {
  id: number | null;
  name: string;
}

export interface ContactFormValues {
  id: number | null;
  firstName: string;
  middleName: string;
  lastName: string;
  name: string;
  phoneNumber: string;
  email: string;
  gender: Gender | null;
}

export interface ContractorFormValues extends Record<string, unknown> {
  code: string;
  name: string;
  nip: string;
  pesel: string;
  phoneNumber: string;
  email: string;
  label: ContractorLabel | null;
  accountingMethod: AccountingMethod | null;
  accountingAddress: AddressFormValues;
  additionalAddress: AdditionalAddressFormValues[];
  contactList: ContactFormValues[];
  certificates: CertificateFormValues[];
  /** RULES.md Invoices, VAT and KSeF: this contractor's own terms on invoices; empty takes the company settings'. */
  invoicePaymentTermDays: number | null;
  invoiceBankAccount: string;
  /** RULES.md Invoices, VAT and KSeF, VAT RR: a flat-rate farmer's account, declaration and KSeF designation. */
  bankAccount: string;
  flatRateDeclarationDate: string | null;
  isKsefRrDesignated: boolean;
}

export const emptyAddress = (): AddressFormValues => ({
  street: '',
  buildingNumber: '',
  postCode: '',
  city: '',
  countryCode: DEFAULT_COUNTRY_CODE,
});

export const emptyAdditionalAddress = (): AdditionalAddressFormValues => ({ id: null, name: '', ...emptyAddress() });

export const emptyContact = (): ContactFormValues => ({
  id: null,
  firstName: '',
  middleName: '',
  lastName: '',
  name: '',
  phoneNumber: '',
  email: '',
  gender: null,
});

/** spec/2 Contractors: the form always shows one contact and one address; an empty first one is dropped. */
export function emptyContractorForm(): ContractorFormValues {
  return {
    code: '',
    name: '',
    nip: '',
    pesel: '',
    phoneNumber: '',
    email: '',
    label: null,
    accountingMethod: null,
    accountingAddress: emptyAddress(),
    additionalAddress: [emptyAdditionalAddress()],
    contactList: [emptyContact()],
    certificates: [],
    invoicePaymentTermDays: null,
    invoiceBankAccount: '',
    bankAccount: '',
    flatRateDeclarationDate: null,
    isKsefRrDesignated: false,
  };
}

const text = (value: string | null | undefined) => value ?? '';
const orNull = (value: string) => (value.trim() === '' ? null : value);

function toAddressForm(address: {
  street: string | null;
  buildingNumber: string | null;
  postCode: string | null;
  city: string | null;
  countryCode: string | null;
}): AddressFormValues {
  return {
    street: text(address.street),
    buildingNumber: text(address.buildingNumber),
    postCode: text(address.postCode),
    city: text(address.city),
    countryCode: address.countryCode || DEFAULT_COUNTRY_CODE,
  };
}

export function toFormValues(contractor: ContractorResponse): ContractorFormValues {
  const addresses = contractor.additionalAddress.map((address) => ({
    id: address.id,
    name: text(address.name),
    ...toAddressForm(address),
  }));
  const contacts = contractor.contactList.map((contact) => ({
    id: contact.id,
    firstName: text(contact.firstName),
    middleName: text(contact.middleName),
    lastName: text(contact.lastName),
    name: text(contact.name),
    phoneNumber: text(contact.phoneNumber),
    email: text(contact.email),
    gender: contact.gender,
  }));
  return {
    code: contractor.code,
    name: text(contractor.name),
    nip: text(contractor.nip),
    pesel: text(contractor.pesel),
    phoneNumber: text(contractor.phoneNumber),
    email: text(contractor.email),
    label: contractor.label,
    accountingMethod: contractor.accountingMethod,
    accountingAddress: toAddressForm(contractor.accountingAddress),
    additionalAddress: addresses.length ? addresses : [emptyAdditionalAddress()],
    contactList: contacts.length ? contacts : [emptyContact()],
    certificates: (contractor.certificates ?? []).map(toCertificateForm),
    invoicePaymentTermDays: contractor.invoicePaymentTermDays,
    invoiceBankAccount: text(contractor.invoiceBankAccount),
    bankAccount: contractor.bankAccount ? formatPolishAccount(contractor.bankAccount) : '',
    flatRateDeclarationDate: contractor.flatRateDeclarationDate,
    isKsefRrDesignated: contractor.isKsefRrDesignated,
  };
}

/** An address is usable as a source for "use contractor address" once it has more than the default country. */
export function hasAddress(address: AddressFormValues): boolean {
  return !isEmptyAddress(address);
}

/** "Use contractor address": the accounting address fields copied into an additional address, its name kept. */
export function withAccountingAddress(
  entry: AdditionalAddressFormValues,
  accounting: AddressFormValues,
): AdditionalAddressFormValues {
  return { ...entry, ...accounting };
}

function toAddressRequest(address: AddressFormValues) {
  return {
    street: orNull(address.street),
    buildingNumber: orNull(address.buildingNumber),
    postCode: orNull(address.postCode),
    city: orNull(address.city),
    countryCode: address.countryCode || DEFAULT_COUNTRY_CODE,
  };
}

export function toCreateRequest(values: ContractorFormValues): ContractorCreateRequest {
  const addresses = dropEmptyFirstEntry(values.additionalAddress, isEmptyAddress) as AdditionalAddressFormValues[];
  const contacts = dropEmptyFirstEntry(values.contactList, isEmptyContact) as ContactFormValues[];
  return {
    code: values.code.trim(),
    name: orNull(values.name),
    nip: orNull(values.nip),
    pesel: orNull(values.pesel),
    phoneNumber: orNull(values.phoneNumber),
    email: orNull(values.email),
    label: values.label,
    accountingMethod: values.accountingMethod,
    accountingAddress: toAddressRequest(values.accountingAddress),
    additionalAddress: addresses.map((address) => ({
      id: address.id,
      name: orNull(address.name),
      ...toAddressRequest(address),
      city: address.city,
    })),
    contactList: contacts.map((contact) => ({
      id: contact.id,
      firstName: orNull(contact.firstName),
      middleName: orNull(contact.middleName),
      lastName: orNull(contact.lastName),
      name: orNull(contact.name),
      phoneNumber: orNull(contact.phoneNumber),
      email: orNull(contact.email),
      gender: contact.gender,
    })),
    certificates: values.certificates.map(toCertificateRequest),
    invoicePaymentTermDays: values.invoicePaymentTermDays,
    invoiceBankAccount: orNull(values.invoiceBankAccount),
    bankAccount: orNull(values.bankAccount),
    flatRateDeclarationDate: values.flatRateDeclarationDate,
    isKsefRrDesignated: values.isKsefRrDesignated,
  };
}

const savedIds = (entries: { id: number | null }[]) =>
  entries.flatMap((entry) => (entry.id === null ? [] : [entry.id]));

/** Saved entries that are no longer in the form: their ids go to address_to_delete / contact_to_delete. */
export function removedIds(initial: { id: number | null }[], current: { id: number | null }[]): number[] {
  const kept = new Set(savedIds(current));
  return savedIds(initial).filter((id) => !kept.has(id));
}

export function toUpdateRequest(values: ContractorFormValues, initial: ContractorFormValues): ContractorUpdateRequest {
  return {
    ...toCreateRequest(values),
    addressToDelete: removedIds(initial.additionalAddress, values.additionalAddress),
    contactToDelete: removedIds(initial.contactList, values.contactList),
  };
}

const DROPPABLE_LISTS = { additionalAddress: isEmptyAddress, contactList: isEmptyContact } as const;

/**
 * The shared schema drops an empty first address or contact before validating, so its issue paths count from the
 * second entry. This wrapper moves them back onto the entries the form shows.
 */
export function formSchemaOf(schema: ZodType): ZodType {
  return z.unknown().superRefine((value, ctx) => {
    const result = schema.safeParse(value);
    if (result.success) return;
    const values = value as Record<string, unknown[]>;
    for (const issue of result.error.issues) {
      const [list, index, ...rest] = issue.path;
      const isEmpty = DROPPABLE_LISTS[list as keyof typeof DROPPABLE_LISTS];
      const entries = values[list as string];
      const isShifted = isEmpty && typeof index === 'number' && Array.isArray(entries) && isEmpty(entries[0]);
      const path = isShifted ? [list, (index as number) + 1, ...rest] : issue.path;
      ctx.addIssue({ ...issue, path } as Parameters<typeof ctx.addIssue>[0]);
    }
  });
}

export const contractorFormSchema = formSchemaOf(ContractorCreateRequestSchema);
