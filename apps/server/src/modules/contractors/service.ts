import {
  type CertificateResponse,
  type ContractorCreateRequest,
  type ContractorListItem,
  type ContractorListRequest,
  type ContractorResponse,
  type ContractorResultResponse,
  type ContractorUpdateRequest,
  contractorLabel,
  MAX_CONTRACTOR_ADDRESSES,
  MAX_CONTRACTOR_CONTACTS,
  type MessageCode,
  type PlainListRequest,
  V,
} from '@grain/shared';
import type { Db } from '../../db/client.js';
import { refreshContractorCopies } from '../../db/copies.js';
import { withWriteTransaction } from '../../db/locks.js';
import { audit, diff } from '../../lib/audit.js';
import { planChildren } from '../../lib/child-plan.js';
import type { Ctx } from '../../lib/context.js';
import { AppError, isForeignKeyViolation, isUniqueViolation, validationError } from '../../lib/errors.js';
import { certificatesByContractor, replaceContractorCertificates } from '../certificates/service.js';
import * as q from './queries.js';

/** There is no CONTRACTOR_NOT_FOUND in the catalogue; a missing contractor is the generic NOT_FOUND. */
const CONTRACTOR_NOT_FOUND: MessageCode = 'NOT_FOUND';

function toAccountingAddress(row: q.ContractorRow) {
  return {
    street: row.street,
    buildingNumber: row.buildingNumber,
    postCode: row.postCode,
    city: row.city,
    countryCode: row.countryCode,
  };
}

function toContact({ contractorId: _contractorId, ...contact }: q.ContactRow) {
  return contact;
}

function toListItem(
  row: q.ContractorRow,
  contacts: q.ContactRow[],
  certificates: CertificateResponse[],
): ContractorListItem {
  return {
    id: row.id,
    code: row.code,
    name: row.name,
    nip: row.nip,
    pesel: row.pesel,
    phoneNumber: row.phoneNumber,
    email: row.email,
    label: row.label,
    accountingMethod: row.accountingMethod,
    accountingAddress: toAccountingAddress(row),
    bankAccount: row.bankAccount,
    flatRateDeclarationDate: row.flatRateDeclarationDate,
    isKsefRrDesignated: row.isKsefRrDesignated,
    contactList: contacts.map(toContact),
    certificates,
  };
}

export function toContractorResponse(
  row: q.ContractorRow,
  addresses: q.AddressRow[],
  contacts: q.ContactRow[],
  certificates: CertificateResponse[] = [],
): ContractorResponse {
  return {
    ...toListItem(row, contacts, certificates),
    additionalAddress: addresses,
    invoicePaymentTermDays: row.invoicePaymentTermDays,
    invoiceBankAccount: row.invoiceBankAccount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

async function loadContractor(db: Db, id: number): Promise<ContractorResultResponse> {
  const row = await q.getContractor(db, id);
  if (!row) throw new AppError(CONTRACTOR_NOT_FOUND);
  const addresses = await q.addressesOf(db, id);
  const contacts = await q.contactsOf(db, [id]);
  const certificates = (await certificatesByContractor(db, [id])).get(id) ?? [];
  return { success: true, result: toContractorResponse(row, addresses, contacts, certificates) };
}

export async function listContractors(ctx: Ctx, request: ContractorListRequest) {
  const page = await q.listContractors(ctx.db, request);
  const ids = page.list.map((row) => row.id);
  const [contacts, certificates] = await Promise.all([
    q.contactsOf(ctx.db, ids),
    certificatesByContractor(ctx.db, ids),
  ]);
  const contactsByContractor = new Map<number, q.ContactRow[]>();
  for (const contact of contacts) {
    const list = contactsByContractor.get(contact.contractorId) ?? [];
    list.push(contact);
    contactsByContractor.set(contact.contractorId, list);
  }
  return {
    ...page,
    list: page.list.map((row) =>
      toListItem(row, contactsByContractor.get(row.id) ?? [], certificates.get(row.id) ?? []),
    ),
  };
}

export async function contractorOptionList(ctx: Ctx, request: PlainListRequest) {
  const [{ rows, filtered }, total] = await Promise.all([
    q.contractorOptions(ctx.db, request.search, request.limit, request.offset),
    q.countContractors(ctx.db),
  ]);
  return { list: rows.map((row) => ({ value: row.id, label: contractorLabel(row) })), filtered, total };
}

export async function selectedContractorOptions(ctx: Ctx, includeIds: number[]) {
  const rows = await q.contractorOptionsByIds(ctx.db, includeIds);
  return { list: rows.map((row) => ({ value: row.id, label: contractorLabel(row) })) };
}

export function getContractor(ctx: Ctx, id: number): Promise<ContractorResultResponse> {
  return loadContractor(ctx.db, id);
}

function contractorValues(input: ContractorCreateRequest): q.ContractorValues {
  return {
    code: input.code,
    name: input.name,
    nip: input.nip,
    pesel: input.pesel,
    phoneNumber: input.phoneNumber,
    email: input.email,
    label: input.label,
    accountingMethod: input.accountingMethod,
    bankAccount: input.bankAccount,
    flatRateDeclarationDate: input.flatRateDeclarationDate,
    isKsefRrDesignated: input.isKsefRrDesignated,
    ...input.accountingAddress,
    invoicePaymentTermDays: input.invoicePaymentTermDays,
    invoiceBankAccount: input.invoiceBankAccount,
  };
}

const withoutId = <T extends { id?: number | null }>({ id: _id, ...values }: T) => values;

/** Country codes must be in the country dictionary (the foreign key is the backstop). */
async function assertKnownCountries(db: Db, input: ContractorCreateRequest) {
  const fields: [string, string][] = [
    ['accounting_address.country_code', input.accountingAddress.countryCode],
    ...input.additionalAddress.map((address, index): [string, string] => [
      `additional_address.${index}.country_code`,
      address.countryCode,
    ]),
  ];
  const known = await q.knownCountryCodes(db, [...new Set(fields.map(([, code]) => code))]);
  const errors = fields.filter(([, code]) => !known.has(code)).map(([field]) => ({ field, code: V.chooseItem }));
  if (errors.length) throw validationError(...errors);
}

/** RULES.md Contractors and cargo: code, NIP and PESEL are unique. */
function rethrowDuplicate(error: unknown): never {
  if (isUniqueViolation(error, 'contractors_code_key')) throw new AppError('VALUE_IS_DUPLICATED');
  if (isUniqueViolation(error, 'contractors_nip_key')) throw new AppError('NIP_IS_DUPLICATED');
  if (isUniqueViolation(error, 'contractors_pesel_key')) throw new AppError('PESEL_IS_DUPLICATED');
  throw error;
}

export async function createContractor(ctx: Ctx, input: ContractorCreateRequest): Promise<ContractorResultResponse> {
  try {
    return await withWriteTransaction(ctx.db, async (tx) => {
      await assertKnownCountries(tx, input);
      const values = contractorValues(input);
      const id = await q.insertContractor(tx, values);
      const addresses = input.additionalAddress.map(withoutId);
      const contacts = input.contactList.map(withoutId);
      await q.insertAddresses(tx, id, addresses);
      await q.insertContacts(tx, id, contacts);
      const certificates = await replaceContractorCertificates(tx, id, input.certificates);
      await audit(tx, ctx.user.id, 'contractor', id, 'create', {
        ...values,
        additionalAddress: addresses,
        contactList: contacts,
        ...certificates,
      });
      return loadContractor(tx, id);
    });
  } catch (error) {
    rethrowDuplicate(error);
  }
}

export async function updateContractor(
  ctx: Ctx,
  id: number,
  input: ContractorUpdateRequest,
): Promise<ContractorResultResponse> {
  try {
    return await withWriteTransaction(ctx.db, async (tx) => {
      const before = await q.lockContractor(tx, id);
      if (!before) throw new AppError(CONTRACTOR_NOT_FOUND);
      await assertKnownCountries(tx, input);
      const { addressIds, contactIds } = await q.childIdsOf(tx, id);
      const addressPlan = planChildren(
        'additional_address',
        addressIds,
        input.addressToDelete,
        input.additionalAddress,
        MAX_CONTRACTOR_ADDRESSES,
      );
      const contactPlan = planChildren(
        'contact_list',
        contactIds,
        input.contactToDelete,
        input.contactList,
        MAX_CONTRACTOR_CONTACTS,
      );

      const values = contractorValues(input);
      await q.updateContractor(tx, id, values);
      // Contracts, allocations, transports and transactions list by copies of the code and name (db/copies.ts).
      if (values.code !== before.code || values.name !== before.name) await refreshContractorCopies(tx, id);
      await q.deleteAddresses(tx, id, addressPlan.deleteIds);
      for (const address of addressPlan.updated) await q.updateAddress(tx, id, address.id, withoutId(address));
      await q.insertAddresses(tx, id, addressPlan.added.map(withoutId));
      await q.deleteContacts(tx, id, contactPlan.deleteIds);
      for (const contact of contactPlan.updated) await q.updateContact(tx, id, contact.id, withoutId(contact));
      await q.insertContacts(tx, id, contactPlan.added.map(withoutId));
      const certificates = await replaceContractorCertificates(tx, id, input.certificates);

      await audit(tx, ctx.user.id, 'contractor', id, 'update', {
        ...diff(before, values),
        ...certificates,
        ...childChanges('additionalAddress', addressPlan),
        ...childChanges('contactList', contactPlan),
      });
      return loadContractor(tx, id);
    });
  } catch (error) {
    rethrowDuplicate(error);
  }
}

function childChanges(
  key: string,
  plan: { deleteIds: number[]; updated: { id: number }[]; added: unknown[] },
): Record<string, unknown> {
  if (!plan.deleteIds.length && !plan.updated.length && !plan.added.length) return {};
  return {
    [key]: { deleted: plan.deleteIds, updated: plan.updated.map((entry) => entry.id), added: plan.added },
  };
}

/** RULES.md Contractors and cargo: a contractor used by a contract or transport cannot be deleted (CONFLICT). */
export async function deleteContractor(ctx: Ctx, id: number): Promise<{ success: true }> {
  try {
    return await withWriteTransaction(ctx.db, async (tx) => {
      const before = await q.lockContractor(tx, id);
      if (!before) throw new AppError(CONTRACTOR_NOT_FOUND);
      if (await q.isContractorInUse(tx, id)) throw new AppError('CONFLICT');
      await q.deleteContractor(tx, id);
      await audit(tx, ctx.user.id, 'contractor', id, 'delete', { code: before.code, name: before.name });
      return { success: true as const };
    });
  } catch (error) {
    if (isForeignKeyViolation(error)) throw new AppError('CONFLICT');
    throw error;
  }
}
