import {
  DEFAULT_COUNTRY_CODE,
  fromMinorUnits,
  isEmptyContact,
  kgToTonnes,
  PERCENT_SCALE,
  type PriceOptionResponse,
  type ToleranceUnit,
  toMinorUnits,
  tonnesToKg,
  V,
} from '@grain/shared';
import { type ZodType, z } from 'zod';
import { removedIds, toCreateRequest as toContractorRequest } from '../contractors';
import { emptyAddress, textOrEmpty, toAddressForm } from './address-values';
import { type ContractDashboard, counterpartyOf } from './contract-view';
import type {
  AddressFormValues,
  ContractContactFormValues,
  ContractFormValues,
  PriceOptionFormValues,
} from './form-value-types';
import { toQualityTermForm, toQualityTermRequest } from './quality-terms-values';
import type { ContractSide } from './side';

export const emptyPriceOption = (): PriceOptionFormValues => ({
  id: null,
  price: null,
  rawMaterialQualityId: null,
  isContractualQuality: false,
  contractualQuality: '',
  attachToContract: false,
  qualityTerms: null,
});

export const emptyContractContact = (): ContractContactFormValues => ({
  id: null,
  firstName: '',
  lastName: '',
  name: '',
  phoneNumber: '',
  email: '',
});

export interface NewContractDefaults {
  userId: number | null;
  today: string;
  rawMaterialId: number;
  emailNotificationList: string[];
}

/** spec/2 section 9 defaults: quantity 0, receipt from today, FCA / CPT by side, tolerance BUYER / T, PL, EMPTY. */
export function emptyContractForm(side: ContractSide, defaults: NewContractDefaults): ContractFormValues {
  return {
    counterpartyId: null,
    newCounterparty: null,
    documentNumber: '',
    status: 'NEW',
    agreementStatus: 'EMPTY',
    userId: defaults.userId,
    currency: 'PLN',
    dateOfReceiptFrom: defaults.today,
    dateOfReceiptTo: null,
    isFor: false,
    isCert: false,
    isGmp: false,
    freight: side.defaultFreight,
    chosenAddress: null,
    address: emptyAddress(),
    countyCode: '',
    rawMaterialId: defaults.rawMaterialId,
    cargoQuantity: 0,
    minPrice: null,
    mainCargoOption: emptyPriceOption(),
    additionalCargoOption: [],
    isTolerance: false,
    toleranceType: 'BUYER',
    toleranceUnit: 'T',
    toleranceQuantity: null,
    comments: '',
    priceListNote: '',
    isPriceListNoteRequired: false,
    contactList: [],
    emailNotificationList: defaults.emailNotificationList,
  };
}

// --- tolerance ---------------------------------------------------------------------------------------------------

/** Tonnes (unit T) or percent (PERCENT) as typed, to kilograms or hundredths of a percent (contracts.ts). */
export function toleranceToRequest(quantity: number, unit: ToleranceUnit): number {
  return unit === 'T' ? tonnesToKg(quantity) : Math.round((quantity * PERCENT_SCALE) / 100);
}

export function toleranceFromResponse(quantity: number, unit: ToleranceUnit): number {
  return unit === 'T' ? kgToTonnes(quantity) : (quantity * 100) / PERCENT_SCALE;
}

// --- response -> form --------------------------------------------------------------------------------------------

function toPriceOptionForm(option: PriceOptionResponse): PriceOptionFormValues {
  return {
    id: option.id,
    price: fromMinorUnits(option.price),
    rawMaterialQualityId: option.rawMaterialQualityId,
    isContractualQuality: option.isContractualQuality,
    contractualQuality: textOrEmpty(option.contractualQuality),
    attachToContract: option.attachToContract,
    qualityTerms: option.qualityTerms.map(toQualityTermForm),
  };
}

export function toFormValues(side: ContractSide, contract: ContractDashboard): ContractFormValues {
  const toleranceUnit = contract.toleranceUnit ?? 'T';
  return {
    counterpartyId: counterpartyOf(contract).id,
    newCounterparty: null,
    documentNumber: contract.documentNumber,
    status: contract.status,
    agreementStatus: contract.agreementStatus,
    userId: contract.userId,
    currency: contract.currency,
    dateOfReceiptFrom: contract.dateOfReceiptFrom,
    dateOfReceiptTo: contract.dateOfReceiptTo,
    isFor: contract.isFor,
    isCert: contract.isCert,
    isGmp: contract.isGmp,
    freight: contract.freight,
    chosenAddress: null,
    address: toAddressForm(contract.address),
    countyCode: side.hasCountyCode && 'countyCode' in contract ? textOrEmpty(contract.countyCode) : '',
    rawMaterialId: contract.rawMaterialId,
    cargoQuantity: kgToTonnes(contract.cargoQuantity),
    minPrice: 'minPrice' in contract && contract.minPrice !== null ? fromMinorUnits(contract.minPrice) : null,
    mainCargoOption: toPriceOptionForm(contract.mainCargoOption),
    additionalCargoOption: contract.additionalCargoOption.map(toPriceOptionForm),
    isTolerance: contract.isTolerance,
    toleranceType: contract.toleranceType ?? 'BUYER',
    toleranceUnit,
    toleranceQuantity:
      contract.toleranceQuantity === null ? null : toleranceFromResponse(contract.toleranceQuantity, toleranceUnit),
    comments: textOrEmpty(contract.comments),
    priceListNote: '',
    isPriceListNoteRequired: false,
    contactList: contract.contactList.map((contact) => ({
      id: contact.id,
      firstName: textOrEmpty(contact.firstName),
      lastName: textOrEmpty(contact.lastName),
      name: textOrEmpty(contact.name),
      phoneNumber: textOrEmpty(contact.phoneNumber),
      email: textOrEmpty(contact.email),
    })),
    emailNotificationList: contract.emailNotificationList,
  };
}

// --- form -> request ---------------------------------------------------------------------------------------------

const orNull = (value: string) => (value.trim() === '' ? null : value.trim());
const convert = (value: number | null, to: (value: number) => number) => (value === null ? null : to(value));

/** spec/2 Purchase contracts: empty optional address parts are omitted. */
function toAddressRequest(address: AddressFormValues) {
  const out: Record<string, string> = { city: address.city, countryCode: address.countryCode || DEFAULT_COUNTRY_CODE };
  for (const key of ['street', 'buildingNumber', 'postCode'] as const) {
    if (address[key].trim()) out[key] = address[key].trim();
  }
  return out;
}

/** contractualQuality is sent only when isContractualQuality is on (spec/2). */
function toPriceOptionRequest(option: PriceOptionFormValues) {
  return {
    price: convert(option.price, toMinorUnits),
    rawMaterialQualityId: option.rawMaterialQualityId,
    isContractualQuality: option.isContractualQuality,
    ...(option.isContractualQuality ? { contractualQuality: option.contractualQuality } : {}),
    ...(option.qualityTerms ? { qualityTerms: option.qualityTerms.map(toQualityTermRequest) } : {}),
  };
}

function toContactRequest(contact: ContractContactFormValues) {
  return {
    id: contact.id,
    firstName: orNull(contact.firstName),
    lastName: orNull(contact.lastName),
    name: orNull(contact.name),
    phoneNumber: orNull(contact.phoneNumber),
    email: orNull(contact.email),
  };
}

/** The create body of either side (the update body adds the deletion lists). */
export function toContractRequest(side: ContractSide, values: ContractFormValues): Record<string, unknown> {
  const request: Record<string, unknown> = {
    [side.counterpartyIdKey]: values.newCounterparty ? null : values.counterpartyId,
    [side.embeddedCounterpartyKey]: values.newCounterparty ? toContractorRequest(values.newCounterparty) : null,
    userId: values.userId,
    status: values.status,
    agreementStatus: values.agreementStatus,
    documentNumber: orNull(values.documentNumber),
    currency: values.currency,
    freight: values.freight,
    isFor: values.isFor,
    isCert: values.isCert,
    isGmp: values.isGmp,
    dateOfReceiptFrom: values.dateOfReceiptFrom,
    dateOfReceiptTo: values.dateOfReceiptTo,
    address: toAddressRequest(values.address),
    rawMaterialId: values.rawMaterialId,
    cargoQuantity: convert(values.cargoQuantity, tonnesToKg),
    isTolerance: values.isTolerance,
    comments: orNull(values.comments),
    mainCargoOption: toPriceOptionRequest(values.mainCargoOption),
    additionalCargoOption: values.additionalCargoOption.map((option) => ({
      id: option.id,
      ...toPriceOptionRequest(option),
      attachToContract: option.attachToContract,
    })),
    contactList: values.contactList.map(toContactRequest),
    emailNotificationList: values.emailNotificationList,
  };
  // spec/2: tolerance type, quantity and unit are omitted when tolerance is off; countyCode only with isCert.
  if (values.isTolerance) {
    request.toleranceType = values.toleranceType;
    request.toleranceUnit = values.toleranceUnit;
    request.toleranceQuantity =
      values.toleranceQuantity === null ? null : toleranceToRequest(values.toleranceQuantity, values.toleranceUnit);
  }
  if (side.hasCountyCode && values.isCert) request.countyCode = orNull(values.countyCode);
  if (side.hasMinPrice) request.minPrice = convert(values.minPrice, toMinorUnits);
  if (side.kind === 'purchase' && values.priceListNote.trim()) request.priceListNote = values.priceListNote.trim();
  return request;
}

/** Saved contacts and additional options no longer in the form go to the deletion lists. */
export function toUpdateRequest(
  side: ContractSide,
  values: ContractFormValues,
  initial: ContractFormValues,
): Record<string, unknown> {
  return {
    ...toContractRequest(side, values),
    contactListDelete: removedIds(initial.contactList, values.contactList),
    additionalCargoOptionDelete: removedIds(initial.additionalCargoOption, values.additionalCargoOption),
  };
}

// --- validation --------------------------------------------------------------------------------------------------

/** Where an issue of the request belongs in the form. */
function toFormPath(side: ContractSide, path: PropertyKey[], values: ContractFormValues): PropertyKey[] {
  const [head, index, ...rest] = path;
  if (head === side.counterpartyIdKey) return ['counterpartyId'];
  if (head === side.embeddedCounterpartyKey) return ['newCounterparty', ...path.slice(1)];
  // The shared schema drops an empty first contact before validating, so its indexes count from the second one.
  if (head === 'contactList' && typeof index === 'number' && isEmptyContact(toContactRequest(values.contactList[0]!))) {
    return ['contactList', index + 1, ...rest];
  }
  return path;
}

/** The shared request schema run on the mapped form values, its issues moved onto the form's fields. */
export function contractFormSchema(side: ContractSide, mode: 'create' | 'edit'): ZodType {
  const schema = mode === 'create' ? side.createSchema : side.updateSchema;
  return z.unknown().superRefine((value, ctx) => {
    const values = value as ContractFormValues;
    const result = schema.safeParse(toContractRequest(side, values));
    if (result.success) return;
    const paths = new Set<string>();
    for (const issue of result.error.issues) {
      const path = toFormPath(side, issue.path, values);
      paths.add(path.join('.'));
      ctx.addIssue({ ...issue, path } as Parameters<typeof ctx.addIssue>[0]);
    }
    // The shared schema asks for the counterparty in a refinement that runs only once every field is valid; a
    // click on save marks every missing field at once, so the form asks for it with the rest.
    if (!values.newCounterparty && values.counterpartyId === null && !paths.has('counterpartyId')) {
      ctx.addIssue({ code: 'custom', path: ['counterpartyId'], message: V.required });
    }
    // CONTRIBUTING.md Price lists: a price away from the day's list needs a note (the server refuses it too).
    if (values.isPriceListNoteRequired && !values.priceListNote.trim()) {
      ctx.addIssue({ code: 'custom', path: ['priceListNote'], message: V.required });
    }
    // Likewise the receipt dates' order: a "to" before "from" stays as typed and says so at once.
    const { dateOfReceiptFrom: from, dateOfReceiptTo: to } = values;
    if (from && to && to < from && !paths.has('dateOfReceiptTo')) {
      ctx.addIssue({ code: 'custom', path: ['dateOfReceiptTo'], message: V.dateToIsBefore });
    }
  });
}
