import { z } from 'zod';
import {
  PriceOptionResponseSchema,
  PurchaseDashboardResponseSchema,
  SalesDashboardResponseSchema,
} from './contract-responses.js';
import { ContractorCreateRequestSchema, countryCodeField, dropEmptyFirstEntry, isEmptyContact } from './contractors.js';
import {
  AGREEMENT_STATUSES,
  CONTRACT_STATUSES,
  CURRENCIES,
  FREIGHTS,
  TOLERANCE_TYPES,
  TOLERANCE_UNITS,
} from './enums.js';
import { listRequestSchema } from './list.js';
import {
  filterFlag,
  filterId,
  filterIdList,
  filterList,
  numberFromText,
  unsetWhenBlank,
} from './list-filter-fields.js';
import { QualityTermsSchema } from './quality.js';
import { dropReadOnly, readOnlyFields, readOnlyKeys } from './read-only.js';
import { CONTRACT_CREATE_STATUS } from './rules/contracts.js';
import { PERCENT_SCALE } from './rules/tolerance.js';
import {
  emailField,
  idList,
  isoDateField,
  MAX_STRING,
  nonNegativeAmount,
  optionalEmail,
  optionalString,
  positiveAmount,
  positiveId,
  rangeOf,
  refineDateOrder,
  requiredString,
  V,
} from './validation.js';

/** RULES.md Contracts: at most 10 contacts and 10 additional cargo options per contract. */
export const MAX_CONTRACT_CONTACTS = 10;
export const MAX_ADDITIONAL_CARGO_OPTIONS = 10;
export const MAX_NOTIFICATION_EMAILS = 50;
export const DOCUMENT_NUMBER_MAX = 64;
/** spec/1 section 5 Validation: optional strings max 255, comments included. */
export const COMMENTS_MAX = MAX_STRING;

/** spec/1 Purchase and Sales contract list: sort keys; the default order is the newest first. */
export type PurchaseSortKey =
  | 'id'
  | 'document_number'
  | 'supplier_code'
  | 'cargo_quantity'
  | 'price'
  | 'date_of_receipt_from'
  | 'date_of_receipt_to'
  | 'status'
  | 'agreement_status'
  | 'created_at'
  | 'raw_material_quality_title';
export type SalesSortKey = Exclude<PurchaseSortKey, 'supplier_code'> | 'recipient_code';

/**
 * spec/2 Contract list filter, Default: the web app sends these itself (status NEW + ACTIVE, raw material 1);
 * the server applies only what a request carries, so an explicitly emptied filter really lists everything.
 */
export const CONTRACT_LIST_DEFAULT_FILTER = { contractStatus: ['NEW', 'ACTIVE'], rawMaterialId: 1 } as const;

// --- Request bodies -------------------------------------------------------------------------------------------

const ContractAddressSchema = z.strictObject({
  street: optionalString(),
  buildingNumber: optionalString(),
  postCode: optionalString(),
  city: requiredString(),
  countryCode: countryCodeField,
});
export type ContractAddress = z.infer<typeof ContractAddressSchema>;

/** A select left empty arrives as 0, '' or null: all mean "none chosen". */
const chosenId = z.preprocess((value) => (value === 0 || value === '' ? null : value), positiveId.nullish());

const priceOptionFields = {
  price: positiveAmount,
  rawMaterialQualityId: positiveId,
  isContractualQuality: z.boolean().default(false),
  contractualQuality: optionalString(),
  /**
   * The option's quality terms. Left out (or null), a new option takes the defaults of its quality's
   * parameters and an existing one keeps its terms unless its quality changes; [] means no terms.
   */
  qualityTerms: QualityTermsSchema.nullish().transform((terms) => terms ?? undefined),
};

/** spec/1 section 5: contractualQuality is required when isContractualQuality is on, and dropped when off. */
function withContractualQuality<T extends { isContractualQuality: boolean; contractualQuality: string | null }>(
  option: T,
  ctx: z.RefinementCtx,
) {
  if (option.isContractualQuality && !option.contractualQuality) {
    ctx.addIssue({ code: 'custom', path: ['contractualQuality'], message: V.required });
  }
}
const dropContractualQualityWhenOff = <T extends { isContractualQuality: boolean; contractualQuality: string | null }>(
  option: T,
): T => (option.isContractualQuality ? option : { ...option, contractualQuality: null });

/** spec/1 Price option: isMainOption may be sent; true on the main option, false on an additional one. */
const mainOptionFields = {
  ...priceOptionFields,
  isMainOption: z.literal(true, { error: V.oneOf }).optional(),
};
const MAIN_OPTION_READ_ONLY = readOnlyKeys(PriceOptionResponseSchema, mainOptionFields);

export const MainCargoOptionSchema = z
  .strictObject({ ...mainOptionFields, ...readOnlyFields(MAIN_OPTION_READ_ONLY) })
  .superRefine(withContractualQuality)
  .transform(dropContractualQualityWhenOff)
  .transform(dropReadOnly(MAIN_OPTION_READ_ONLY));
export type MainCargoOption = z.infer<typeof MainCargoOptionSchema>;

const additionalOptionFields = {
  id: positiveId.nullish(),
  ...priceOptionFields,
  isMainOption: z.literal(false, { error: V.oneOf }).optional(),
  attachToContract: z.boolean().default(false),
};
const ADDITIONAL_OPTION_READ_ONLY = readOnlyKeys(PriceOptionResponseSchema, additionalOptionFields);

export const AdditionalCargoOptionSchema = z
  .strictObject({ ...additionalOptionFields, ...readOnlyFields(ADDITIONAL_OPTION_READ_ONLY) })
  .superRefine(withContractualQuality)
  .transform(dropContractualQualityWhenOff)
  .transform(dropReadOnly(ADDITIONAL_OPTION_READ_ONLY));
export type AdditionalCargoOption = z.infer<typeof AdditionalCargoOptionSchema>;

export const ContractContactSchema = z
  .strictObject({
    id: positiveId.nullish(),
    firstName: optionalString(),
    lastName: optionalString(),
    name: optionalString(),
    phoneNumber: optionalString(),
    email: optionalEmail,
  })
  .refine((contact) => contact.lastName || contact.name, { message: V.lastNameOrCompany, path: ['lastName'] });
export type ContractContact = z.infer<typeof ContractContactSchema>;

const commonFields = {
  userId: positiveId,
  documentNumber: optionalString(DOCUMENT_NUMBER_MAX),
  currency: z.enum(CURRENCIES, { error: V.oneOf }).default('PLN'),
  freight: z.enum(FREIGHTS, { error: (issue) => (issue.input == null ? V.required : V.oneOf) }),
  isFor: z.boolean().default(false),
  isCert: z.boolean().default(false),
  isGmp: z.boolean().default(false),
  dateOfReceiptFrom: isoDateField,
  dateOfReceiptTo: isoDateField,
  address: ContractAddressSchema,
  rawMaterialId: positiveId,
  /** Kilograms. */
  cargoQuantity: positiveAmount,
  isTolerance: z.boolean().default(false),
  toleranceType: z.enum(TOLERANCE_TYPES, { error: V.oneOf }).nullish(),
  /** Kilograms for the unit T, hundredths of a percent for PERCENT (2.5 % = 250). */
  toleranceQuantity: positiveAmount.nullish(),
  toleranceUnit: z.enum(TOLERANCE_UNITS, { error: V.oneOf }).nullish(),
  comments: optionalString(COMMENTS_MAX),
  mainCargoOption: MainCargoOptionSchema,
  additionalCargoOption: z
    .array(AdditionalCargoOptionSchema, { error: V.wrongType })
    .max(MAX_ADDITIONAL_CARGO_OPTIONS, V.tooBig)
    .default([]),
  contactList: z.preprocess(
    (value) => dropEmptyFirstEntry(value, isEmptyContact),
    z.array(ContractContactSchema, { error: V.wrongType }).max(MAX_CONTRACT_CONTACTS, V.tooBig),
  ),
  emailNotificationList: z
    .array(emailField, { error: V.wrongType })
    .max(MAX_NOTIFICATION_EMAILS, V.tooBig)
    .default([])
    .transform((emails) => [...new Set(emails)]),
};

/** RULES.md Contracts: a create call naming another status than NEW is VALIDATION_ERROR on `status`. */
const statusFields = {
  status: z.literal(CONTRACT_CREATE_STATUS, { error: V.oneOf }).default(CONTRACT_CREATE_STATUS),
  agreementStatus: z.enum(AGREEMENT_STATUSES, { error: V.oneOf }).default('EMPTY'),
};

/** The update form carries the statuses too; left out, they stay as they are. */
const updateStatusFields = {
  status: z.enum(CONTRACT_STATUSES, { error: V.oneOf }).optional(),
  agreementStatus: z.enum(AGREEMENT_STATUSES, { error: V.oneOf }).optional(),
};

const deleteListFields = { contactListDelete: idList.default([]), additionalCargoOptionDelete: idList.default([]) };

const purchaseOnlyFields = {
  purchaseSupplierId: chosenId,
  purchaseSupplier: ContractorCreateRequestSchema.nullish(),
  countyCode: optionalString(),
  minPrice: nonNegativeAmount.nullish(),
  /** CONTRIBUTING.md Price lists: why the price is away from the day's list beyond the company's limit. */
  priceListNote: optionalString(),
};

const salesOnlyFields = {
  salesRecipientId: chosenId,
  salesRecipient: ContractorCreateRequestSchema.nullish(),
};

type ContractRuleInput = {
  dateOfReceiptFrom: string;
  dateOfReceiptTo: string;
  isTolerance: boolean;
  toleranceType?: string | null;
  toleranceQuantity?: number | null;
  toleranceUnit?: string | null;
};

/** spec/1 section 5, Contract form: receipt dates in order; type, quantity and unit required with tolerance. */
function refineContract(value: ContractRuleInput, ctx: z.RefinementCtx) {
  refineDateOrder(value, ctx, 'dateOfReceiptFrom', 'dateOfReceiptTo');
  if (!value.isTolerance) return;
  for (const key of ['toleranceType', 'toleranceQuantity', 'toleranceUnit'] as const) {
    if (value[key] === undefined || value[key] === null)
      ctx.addIssue({ code: 'custom', path: [key], message: V.required });
  }
  if (value.toleranceUnit === 'PERCENT' && (value.toleranceQuantity ?? 0) > PERCENT_SCALE) {
    ctx.addIssue({ code: 'custom', path: ['toleranceQuantity'], message: V.tooBig });
  }
}

/** The supplier (recipient) is an existing contractor or one entered inline. */
function refineCounterparty<K extends string, E extends string>(idKey: K, embeddedKey: E) {
  return (value: { [key in K | E]?: unknown }, ctx: z.RefinementCtx) => {
    if (!value[idKey] && !value[embeddedKey]) ctx.addIssue({ code: 'custom', path: [idKey], message: V.required });
  };
}

/** Tolerance fields are omitted when tolerance is off (spec/2); whatever came is cleared so nothing stale is stored. */
function normaliseContract<T extends ContractRuleInput>(value: T): T {
  if (value.isTolerance) return value;
  return { ...value, toleranceType: null, toleranceQuantity: null, toleranceUnit: null };
}

/** spec/2 Purchase contracts: countyCode is sent only when isCert. */
function normalisePurchase<T extends ContractRuleInput & { isCert: boolean; countyCode: string | null }>(value: T): T {
  const normalised = normaliseContract(value);
  return normalised.isCert ? normalised : { ...normalised, countyCode: null };
}

const purchaseCounterparty = refineCounterparty('purchaseSupplierId', 'purchaseSupplier');
const salesCounterparty = refineCounterparty('salesRecipientId', 'salesRecipient');

export const PurchaseCreateRequestSchema = z
  .strictObject({ ...commonFields, ...statusFields, ...purchaseOnlyFields })
  .superRefine(refineContract)
  .superRefine(purchaseCounterparty)
  .transform(normalisePurchase);
export type PurchaseCreateRequest = z.infer<typeof PurchaseCreateRequestSchema>;

const purchaseUpdateFields = { ...commonFields, ...updateStatusFields, ...purchaseOnlyFields, ...deleteListFields };
/** What the dashboard answers besides the form: ignored when a client sends it back (read-only.ts). */
const PURCHASE_READ_ONLY = readOnlyKeys(PurchaseDashboardResponseSchema, purchaseUpdateFields);

export const PurchaseUpdateRequestSchema = z
  .strictObject({ ...purchaseUpdateFields, ...readOnlyFields(PURCHASE_READ_ONLY) })
  .superRefine(refineContract)
  .superRefine(purchaseCounterparty)
  .transform(normalisePurchase)
  .transform(dropReadOnly(PURCHASE_READ_ONLY));
export type PurchaseUpdateRequest = z.infer<typeof PurchaseUpdateRequestSchema>;

export const SalesCreateRequestSchema = z
  .strictObject({ ...commonFields, ...statusFields, ...salesOnlyFields })
  .superRefine(refineContract)
  .superRefine(salesCounterparty)
  .transform(normaliseContract);
export type SalesCreateRequest = z.infer<typeof SalesCreateRequestSchema>;

const salesUpdateFields = { ...commonFields, ...updateStatusFields, ...salesOnlyFields, ...deleteListFields };
const SALES_READ_ONLY = readOnlyKeys(SalesDashboardResponseSchema, salesUpdateFields);

export const SalesUpdateRequestSchema = z
  .strictObject({ ...salesUpdateFields, ...readOnlyFields(SALES_READ_ONLY) })
  .superRefine(refineContract)
  .superRefine(salesCounterparty)
  .transform(normaliseContract)
  .transform(dropReadOnly(SALES_READ_ONLY));
export type SalesUpdateRequest = z.infer<typeof SalesUpdateRequestSchema>;

/** spec/2: status and agreement-status calls name the contract in the body. */
const statusValue = z.enum(CONTRACT_STATUSES, { error: (issue) => (issue.input == null ? V.required : V.oneOf) });
const agreementValue = z.enum(AGREEMENT_STATUSES, { error: (issue) => (issue.input == null ? V.required : V.oneOf) });
export const PurchaseStatusRequestSchema = z.strictObject({ status: statusValue, purchaseId: positiveId });
export const PurchaseAgreementStatusRequestSchema = z.strictObject({
  agreementStatus: agreementValue,
  purchaseId: positiveId,
});
export const SalesStatusRequestSchema = z.strictObject({ status: statusValue, salesId: positiveId });
export const SalesAgreementStatusRequestSchema = z.strictObject({
  agreementStatus: agreementValue,
  salesId: positiveId,
});

// --- List filter ----------------------------------------------------------------------------------------------

const looseAmount = z.preprocess((value) => numberFromText(unsetWhenBlank(value)), nonNegativeAmount.nullish());
const amountFilterRange = z.preprocess(unsetWhenBlank, rangeOf(looseAmount).optional());
const dateFilterRange = rangeOf(z.preprocess(unsetWhenBlank, isoDateField.nullish()));
/** A receipt date bound (one date) or a range of that date column ({ from, to }). */
const receiptDateFilter = z.preprocess(unsetWhenBlank, z.union([isoDateField, dateFilterRange]).optional());

export const ContractListFilterSchema = z
  .strictObject({
    rawMaterialQualityId: filterIdList,
    isCert: filterFlag,
    isFor: filterFlag,
    isGmp: filterFlag,
    freight: filterList(z.enum(FREIGHTS, { error: V.oneOf })),
    /** Kilograms. */
    cargoQuantity: amountFilterRange,
    /** Minor units. */
    price: amountFilterRange,
    dateOfReceiptFrom: receiptDateFilter,
    dateOfReceiptTo: receiptDateFilter,
    agreementStatus: filterList(z.enum(AGREEMENT_STATUSES, { error: V.oneOf })),
    contractStatus: filterList(z.enum(CONTRACT_STATUSES, { error: V.oneOf })),
    ownerId: filterId,
    rawMaterialId: filterId,
  })
  .superRefine((filter, ctx) => {
    // spec/1 List filters: the receipt date "from" cannot exceed "to".
    if (typeof filter.dateOfReceiptFrom === 'string' && typeof filter.dateOfReceiptTo === 'string') {
      refineDateOrder(
        filter as { dateOfReceiptFrom: string; dateOfReceiptTo: string },
        ctx,
        'dateOfReceiptFrom',
        'dateOfReceiptTo',
      );
    }
  });
export type ContractListFilter = z.infer<typeof ContractListFilterSchema>;

export const ContractListRequestSchema = listRequestSchema(ContractListFilterSchema);
export type ContractListRequest = z.infer<typeof ContractListRequestSchema>;

/** The export takes the list's search, filter and order; paging fields may come along and are ignored. */
export const ContractExportRequestSchema = ContractListRequestSchema.extend({
  limit: z.unknown().optional(),
  offset: z.unknown().optional(),
});
export type ContractExportRequest = z.infer<typeof ContractExportRequestSchema>;
