import { z } from 'zod';
import {
  CONTRACT_STATUSES,
  CURRENCIES,
  FREIGHTS,
  TRANSPORT_STATUSES,
  TRANSPORT_TABS,
  type TransportStatus,
  type TransportTab,
} from './enums.js';
import { HistoryEntrySchema } from './history.js';
import { listRequestSchema, listResponseSchema, OPTION_LIST_MAX, parseListFilter } from './list.js';
import { LabResultsSchema } from './quality.js';
import { dropReadOnly, readOnlyFields, readOnlyKeys } from './read-only.js';
import { ACTIVE_TRANSPORT_STATUSES, VEHICLE_MATCH_FIELDS } from './rules/transports.js';
import { TRANSPORT_DECISIONS } from './transport-decisions.js';
import {
  amountRange,
  dateRange,
  isoDateField,
  MAX_STRING,
  nonNegativeAmount,
  optionalString,
  positiveAmount,
  positiveId,
  refineDateOrder,
  V,
} from './validation.js';

/**
 * Road transports of one allocation pair (spec/1 Logistics, section 3 Transport, section 5 transport forms;
 * RULES.md Transports). Kilograms and minor units on the wire, dates YYYY-MM-DD.
 */

// --- Defaults (the rules live in rules/transports.ts) ---

/** spec/2 section 9: transport cargoQuantity 25 t, pricePerTon 0, currency PLN (dateLoading today, on the web). */
export const TRANSPORT_DEFAULT_CARGO_QUANTITY_KG = 25_000;
export const TRANSPORT_DEFAULT_PRICE_PER_TON = 0;
export const TRANSPORT_DEFAULT_CURRENCY = 'PLN';

export const TRANSPORT_TAB_STATUSES: Readonly<Record<TransportTab, readonly TransportStatus[] | null>> = {
  all: null,
  active: ACTIVE_TRANSPORT_STATUSES,
  delivered: ['DELIVERED'],
};

// --- Requests ---

const currencyField = z.enum(CURRENCIES, { error: V.oneOf }).default('PLN');
const flagField = z.boolean({ error: V.wrongType });

/** spec/1 section 5 Transport form (kg and minor units). */
const transportFormFields = {
  purchaseId: positiveId,
  salesId: positiveId,
  carrierId: positiveId,
  registrationNumber: optionalString(),
  trailerNumber: optionalString(),
  driverName: optionalString(),
  phoneNumber: optionalString(),
  driverDocumentId: optionalString(),
  cargoQuantity: positiveAmount,
  pricePerTon: nonNegativeAmount.default(TRANSPORT_DEFAULT_PRICE_PER_TON),
  currency: currencyField,
  dateLoading: isoDateField,
  dateUnloading: isoDateField,
  isGmp: flagField.default(false),
  gmpNumber: optionalString(),
  comment: optionalString(),
  confirmationNote: optionalString(),
  /** RULES.md Transports: required (10+ characters) when the truck or driver is already planned. */
  doubleBookingNote: optionalString(),
};

/** spec/1 section 5: unloading not before loading (dateUnloadingIsBefore); GMP requires its number. */
function refineTransportForm(
  value: { dateLoading: string; dateUnloading: string; isGmp: boolean; gmpNumber: string | null },
  ctx: z.RefinementCtx,
) {
  refineDateOrder(value, ctx, 'dateLoading', 'dateUnloading', V.dateUnloadingIsBefore);
  if (value.isGmp && !value.gmpNumber) {
    ctx.addIssue({ code: 'custom', path: ['gmpNumber'], message: V.gmpNumberIsRequired });
  }
}

/** POST /transport/create: the form; its status, when sent, is the one a created transport takes (NEW). */
export const TransportCreateRequestSchema = z
  .strictObject({ ...transportFormFields, status: z.literal('NEW', { error: V.oneOf }).optional() })
  .superRefine(refineTransportForm);
export type TransportCreateRequest = z.infer<typeof TransportCreateRequestSchema>;

/** POST /transport/in-progress-create: the same form, created ON_THE_WAY; a status sent must say so (spec/2). */
export const TransportInProgressCreateRequestSchema = z
  .strictObject({ ...transportFormFields, status: z.literal('ON_THE_WAY', { error: V.oneOf }).optional() })
  .superRefine(refineTransportForm);
export type TransportInProgressCreateRequest = z.infer<typeof TransportInProgressCreateRequestSchema>;

/** PATCH /transport/update-status. */
export const TransportStatusRequestSchema = z.strictObject({
  transportId: positiveId,
  status: z.enum(TRANSPORT_STATUSES, { error: V.oneOf }),
});
export type TransportStatusRequest = z.infer<typeof TransportStatusRequestSchema>;

const deductionField = nonNegativeAmount.nullish().transform((value) => value ?? null);

/**
 * PATCH /transport/set-status-delivered/{id}: spec/1 section 5 Delivered form.
 *
 * Deductions (RULES.md Invoices, VAT and KSeF: a free deduction belongs to one side, in that side's currency, and is
 * never copied to another side): `purchase_deductions`, `sales_deductions` and `transport_deductions`, each in minor
 * units of its own side's currency (the purchase contract's, the sales contract's, the transport's). The spec's one
 * `deductions` field (spec/2 section 7) is the purchase side's deduction: the delivered form's real figures are the
 * purchase's (its one real price is the purchase price), and a figure typed once is never spread over rows whose
 * currencies may differ. Sent together with `purchase_deductions`, the two must be equal (else VALIDATION_ERROR on
 * `deductions`). The parsed request carries the three sides only.
 */
export const TransportDeliveredRequestSchema = z
  .strictObject({
    unloadingDate: isoDateField,
    realCargoQualityId: positiveId.nullish().transform((value) => value ?? null),
    realCargoPrice: nonNegativeAmount,
    realCargoQuantity: nonNegativeAmount,
    /** spec/2 section 7: the purchase side's deduction (see above). */
    deductions: deductionField.optional().meta({
      description: "spec/2 section 7: the purchase side's free deduction (as purchase_deductions; if both, equal)",
    }),
    purchaseDeductions: deductionField.meta({
      description: "The purchase row's free deduction, minor units of the purchase contract's currency",
    }),
    salesDeductions: deductionField.meta({
      description: "The sales row's free deduction, minor units of the sales contract's currency",
    }),
    transportDeductions: deductionField.meta({
      description: "The transport row's free deduction, minor units of the transport's currency",
    }),
    details: optionalString(),
    /** RULES.md Transports, Delivered: required (10+ characters) when the delivery passes a contract's tolerance. */
    overDeliveryNote: optionalString(),
    /**
     * Lab results (parameters of the raw material, hundredths of their unit). Given, each goods row is
     * settled by its own contract's quality terms; left out or empty, each side's free deduction alone applies.
     */
    labResults: LabResultsSchema.nullish().transform((results) => results ?? null),
  })
  .superRefine((body, ctx) => {
    const isContradicting =
      body.deductions != null && body.purchaseDeductions !== null && body.deductions !== body.purchaseDeductions;
    if (isContradicting) ctx.addIssue({ code: 'custom', path: ['deductions'], message: V.deductionsTwice });
  })
  .transform(({ deductions, ...body }) => ({
    ...body,
    purchaseDeductions: body.purchaseDeductions ?? deductions ?? null,
  }));
export type TransportDeliveredRequest = z.infer<typeof TransportDeliveredRequestSchema>;

/**
 * PATCH /transport/reallocate: spec/1 section 5 Reallocate form. cargoQuantity is read-only in the form and must
 * equal the transport's; dateUnloading is checked against the transport's loading date by the server.
 */
export const TransportReallocateRequestSchema = z.strictObject({
  transportId: positiveId,
  newSalesId: positiveId,
  dateUnloading: isoDateField,
  cargoQuantity: positiveAmount,
  pricePerTon: positiveAmount,
  comment: optionalString(),
  confirmationNote: optionalString(),
  /** RULES.md Transports: as on the transport form, when the new unloading date double books the truck. */
  doubleBookingNote: transportFormFields.doubleBookingNote,
});
export type TransportReallocateRequest = z.infer<typeof TransportReallocateRequestSchema>;

// --- GET|POST /transport/list ---

const optionalFlag = z.preprocess((value) => (value === '' ? null : value), flagField.nullish());
const idFilter = z.array(positiveId).max(1000).optional();
const codeFilter = z.array(z.string().trim().min(1).max(MAX_STRING)).max(1000).optional();
const textFilter = z.string({ error: V.wrongType }).trim().max(MAX_STRING, V.maxLength).nullish();

/** A real quantity filter: one number (exact kilograms) or a {from, to} range. */
const kgFilter = z.preprocess((value) => (typeof value === 'number' ? { from: value, to: value } : value), amountRange);

/**
 * spec/2 Transport filter body, plus purchaseId / salesId (contract dashboards) and the tab. Text filters match
 * a part, case-insensitively; rawMaterialQualityId matches the planned quality (the purchase contract's).
 */
export const TransportListFilterSchema = z.strictObject({
  tab: z.enum(TRANSPORT_TABS, { error: V.oneOf }).optional(),
  purchaseSupplierCode: codeFilter,
  rawMaterialQualityId: idFilter,
  carrierCode: codeFilter,
  registrationNumber: textFilter,
  salesRecipientCode: codeFilter,
  transportId: positiveId.nullish(),
  purchaseAgreementDocumentNumberId: idFilter,
  salesAgreementDocumentNumberId: idFilter,
  status: z
    .array(z.enum(TRANSPORT_STATUSES, { error: V.oneOf }))
    .max(TRANSPORT_STATUSES.length)
    .optional(),
  dateLoading: dateRange.optional(),
  dateUnloading: dateRange.optional(),
  trailerNumber: textFilter,
  realCargoQuantity: kgFilter.optional(),
  driverName: textFilter,
  phoneNumber: textFilter,
  purchaseIsGmp: optionalFlag,
  salesIsGmp: optionalFlag,
  purchaseId: positiveId.nullish(),
  salesId: positiveId.nullish(),
  /** Only transports whose unloading waits for a decision ("do decyzji"). */
  isToDecide: optionalFlag,
});
export type TransportListFilter = z.infer<typeof TransportListFilterSchema>;

export const TransportListRequestSchema = listRequestSchema(TransportListFilterSchema);
export type TransportListRequest = z.infer<typeof TransportListRequestSchema>;

export type TransportSortKey =
  | 'id'
  | 'status'
  | 'date_loading'
  | 'date_unloading'
  | 'unloading_date'
  | 'cargo_quantity'
  | 'real_cargo_quantity'
  | 'price_per_ton'
  | 'carrier_name'
  | 'registration_number'
  | 'purchase_document_number'
  | 'sales_document_number'
  | 'supplier_code'
  | 'recipient_code';

// --- Answers ---

const AddressSchema = z.object({
  street: z.string().nullable(),
  buildingNumber: z.string().nullable(),
  postCode: z.string().nullable(),
  city: z.string().nullable(),
  countryCode: z.string(),
});

/** spec/1 section 3: purchaseSupplier / salesRecipient {code, documentNumber, freight, isGmp, isCert}. */
const ContractSideSchema = z.object({
  contractorId: z.number(),
  code: z.string(),
  name: z.string().nullable(),
  documentNumber: z.string(),
  freight: z.enum(FREIGHTS),
  isGmp: z.boolean(),
  isCert: z.boolean(),
});

/**
 * One transport as the logistics table, the details call and every write answer it (spec/1 section 3 and
 * Logistics). Planned figures come from the transport and the contracts, real ones from the unloading (null
 * until DELIVERED). value = cargoQuantity × pricePerTon (the freight); cargoValue = cargoQuantity × purchase price.
 */
export const TransportResponseSchema = z.object({
  id: z.number(),
  purchaseId: z.number(),
  salesId: z.number(),
  status: z.enum(TRANSPORT_STATUSES),
  registrationNumber: z.string().nullable(),
  trailerNumber: z.string().nullable(),
  carrierId: z.number(),
  carrierCode: z.string(),
  carrierName: z.string().nullable(),
  driverName: z.string().nullable(),
  phoneNumber: z.string().nullable(),
  driverDocumentId: z.string().nullable(),
  cargoQuantity: z.number(),
  pricePerTon: z.number(),
  currency: z.enum(CURRENCIES),
  value: z.number(),
  dateLoading: z.string(),
  dateUnloading: z.string(),
  isGmp: z.boolean(),
  gmpNumber: z.string().nullable(),
  comment: z.string().nullable(),
  confirmationNote: z.string().nullable(),
  doubleBookingNote: z.string().nullable(),
  saleIsGmp: z.boolean(),
  /** The sale requires GMP and the transport has none (the warning row, with confirmationNote). */
  gmpNotSatisfied: z.boolean(),
  purchaseSupplier: ContractSideSchema,
  salesRecipient: ContractSideSchema,
  loadingAddress: AddressSchema,
  unloadingAddress: AddressSchema,
  loadingAddressFull: z.string(),
  unloadingAddressFull: z.string(),
  rawMaterialId: z.number(),
  rawMaterial: z.string(),
  purchaseQualityId: z.number(),
  purchaseQualityTitle: z.string(),
  salesQualityId: z.number(),
  salesQualityTitle: z.string(),
  purchasePrice: z.number(),
  purchaseCurrency: z.enum(CURRENCIES),
  salesPrice: z.number(),
  salesCurrency: z.enum(CURRENCIES),
  cargoValue: z.number(),
  contractPurchaseStatus: z.enum(CONTRACT_STATUSES),
  contractSalesStatus: z.enum(CONTRACT_STATUSES),
  unloadingId: z.number().nullable(),
  unloadingDate: z.string().nullable(),
  realCargoQuantity: z.number().nullable(),
  realCargoPrice: z.number().nullable(),
  realCargoValue: z.number().nullable(),
  realCargoQualityId: z.number().nullable(),
  realCargoQualityTitle: z.string().nullable(),
  /** The freight price once delivered (the transport's pricePerTon) and its value on the real quantity. */
  realTransportPrice: z.number().nullable(),
  realValue: z.number().nullable(),
  /**
   * RULES.md Invoices, VAT and KSeF: each side's free deduction entered at delivery, in minor units of that side's
   * currency (purchase, sales, transport). `deductions` is the spec's name (spec/1 Transport `deduction`) for the
   * purchase side's, as on set-status-delivered.
   */
  deductions: z.number().nullable(),
  purchaseDeductions: z.number().nullable(),
  salesDeductions: z.number().nullable(),
  transportDeductions: z.number().nullable(),
  details: z.string().nullable(),
  /** The lab results of the unloading and whether one passed a rejection limit ("do decyzji"). */
  labResults: z.array(z.object({ parameter: z.string(), value: z.number() })).nullable(),
  isToDecide: z.boolean(),
  /** What was decided on a "do decyzji" unloading, with the reason or note (transport-decisions.ts). */
  decision: z.enum(TRANSPORT_DECISIONS).nullable(),
  decisionNote: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TransportResponse = z.infer<typeof TransportResponseSchema>;

/**
 * GET /transport/details/{id}: the transport with its history (RULES.md "Everything that changes data"): its own
 * audit entries (create, edit, status, redirect, delivery, order sent) and those of its statement rows
 * (`entity` 'transaction', `entityKind` PURCHASE / SALES / TRANSPORT: invoice, settle, split, move), newest first.
 */
export const TransportDetailsResponseSchema = TransportResponseSchema.extend({
  history: z.array(HistoryEntrySchema),
});
export type TransportDetailsResponse = z.infer<typeof TransportDetailsResponseSchema>;

/**
 * Tonnage sums (kg) over every filtered transport, not only the page (the logistics totals row), from the list's
 * own conditions: planned is the planned cargo of every row; in delivery the planned cargo of ON_THE_WAY rows;
 * delivered the real (else planned) cargo of DELIVERED rows. Null when more rows match than FILTERED_COUNT_CAP:
 * the sums read every matching row, so a broad search is narrowed first, as its count is.
 */
export const TransportListTotalsSchema = z.object({
  sumPlanned: z.number(),
  sumInDelivery: z.number(),
  sumDelivered: z.number(),
});
export type TransportListTotals = z.infer<typeof TransportListTotalsSchema>;

export const TransportListResponseSchema = listResponseSchema(TransportResponseSchema).extend({
  totalData: TransportListTotalsSchema.nullable().optional(),
  /** How many unloadings wait for a decision, whatever the filter (the "Do decyzji" chip's count). */
  toDecideCount: z.number().optional(),
});

/**
 * PUT /transport/update/{id}: the form again. transportId, purchaseId and salesId may be sent but must name
 * this transport and its pair: the pair changes only through a redirect (VALUE_IS_WRONG otherwise).
 */
const transportUpdateFields = {
  ...transportFormFields,
  transportId: positiveId.optional(),
  purchaseId: positiveId.optional(),
  salesId: positiveId.optional(),
};
/** What details answers besides the form (id, status, names, real values...): ignored when sent back (read-only.ts). */
const TRANSPORT_READ_ONLY = readOnlyKeys(TransportDetailsResponseSchema, transportUpdateFields);

export const TransportUpdateRequestSchema = z
  .strictObject({ ...transportUpdateFields, ...readOnlyFields(TRANSPORT_READ_ONLY) })
  .superRefine(refineTransportForm)
  .transform(dropReadOnly(TRANSPORT_READ_ONLY));
export type TransportUpdateRequest = z.infer<typeof TransportUpdateRequestSchema>;
export type TransportListResponse = z.infer<typeof TransportListResponseSchema>;

export const CanBeSetOnTheWayResponseSchema = z.object({ canBeSet: z.boolean() });
export type CanBeSetOnTheWayResponse = z.infer<typeof CanBeSetOnTheWayResponseSchema>;

/** Filters that take codes answer `{ value: code, label }`; those that take ids `{ value: id, label }`. */
const CodeOptionSchema = z.object({ value: z.string(), label: z.string() });
const IdOptionSchema = z.object({ value: z.number(), label: z.string() });

/** GET /transport/get-filter-option: the values present among transports, for the logistics selects. */
export const TransportFilterOptionsResponseSchema = z.object({
  suppliers: z.array(CodeOptionSchema),
  recipients: z.array(CodeOptionSchema),
  carriers: z.array(CodeOptionSchema),
  qualities: z.array(IdOptionSchema),
  purchaseDocumentNumbers: z.array(IdOptionSchema),
  salesDocumentNumbers: z.array(IdOptionSchema),
});
export type TransportFilterOptionsResponse = z.infer<typeof TransportFilterOptionsResponseSchema>;

/** The logistics selects search and page their options on the server, one select at a time. */
export const TRANSPORT_FILTER_OPTION_FIELDS = [
  'suppliers',
  'recipients',
  'carriers',
  'qualities',
  'purchase_document_numbers',
  'sales_document_numbers',
] as const;
export type TransportFilterOptionField = (typeof TRANSPORT_FILTER_OPTION_FIELDS)[number];
export const TRANSPORT_FILTER_OPTION_PAGE = 20;

/**
 * GET|POST /transport/filter-option-list: the options of one logistics select (`filter.field`) matching `search`,
 * a page of `limit` (the web asks for 20) at `offset`; with `filter.values` the options of exactly those values (the
 * labels of what is chosen). Values are strings: contractor codes, or quality and contract ids as text.
 */
export const TransportFilterOptionListFilterSchema = z.strictObject({
  field: z.enum(TRANSPORT_FILTER_OPTION_FIELDS, { error: V.oneOf }),
  values: z
    .preprocess(
      (value) => (typeof value === 'string' ? value.split(',').filter(Boolean) : value),
      z.array(z.string({ error: V.wrongType }).min(1).max(100, V.maxLength)).max(OPTION_LIST_MAX, V.tooBig),
    )
    .optional(),
});
export const TransportFilterOptionListRequestSchema = listRequestSchema(TransportFilterOptionListFilterSchema).extend({
  filter: z.preprocess(parseListFilter, TransportFilterOptionListFilterSchema),
});
export type TransportFilterOptionListRequest = z.infer<typeof TransportFilterOptionListRequestSchema>;

export const TransportFilterOptionSchema = z.object({ value: z.string(), label: z.string() });
export type TransportFilterOption = z.infer<typeof TransportFilterOptionSchema>;
/** `hasMore`: another page follows (no count: the select only needs to know whether to offer more). */
export const TransportFilterOptionListResponseSchema = z.object({
  list: z.array(TransportFilterOptionSchema),
  hasMore: z.boolean(),
});
export type TransportFilterOptionListResponse = z.infer<typeof TransportFilterOptionListResponseSchema>;

// --- No truck in two places (RULES.md Transports) ---

/**
 * GET /transport/vehicle-clashes: the other NEW / ON_THE_WAY transports the form's truck (registration number) or
 * driver (document) would be on at the same time; `transportId` leaves the edited transport out.
 */
export const VehicleClashRequestSchema = z.strictObject({
  /** A query string sends the id as text. */
  transportId: z.preprocess((value) => (typeof value === 'string' ? Number(value) : value), positiveId.optional()),
  registrationNumber: optionalString(),
  driverDocumentId: optionalString(),
  dateLoading: isoDateField.nullish().transform((value) => value ?? null),
  dateUnloading: isoDateField.nullish().transform((value) => value ?? null),
});
export type VehicleClashRequest = z.infer<typeof VehicleClashRequestSchema>;

export const VehicleClashSchema = z.object({
  id: z.number(),
  status: z.enum(TRANSPORT_STATUSES),
  registrationNumber: z.string().nullable(),
  driverDocumentId: z.string().nullable(),
  dateLoading: z.string(),
  dateUnloading: z.string(),
  purchaseDocumentNumber: z.string(),
  supplierCode: z.string(),
  /** The counterparties' names beside their codes (the warning names them, not bare codes). */
  supplierName: z.string().nullable(),
  salesDocumentNumber: z.string(),
  recipientCode: z.string(),
  recipientName: z.string().nullable(),
  /** Loading and unloading city (the contracts' addresses). */
  loadingCity: z.string().nullable(),
  unloadingCity: z.string().nullable(),
  /** What matches: the truck, the driver or both. */
  fields: z.array(z.enum(VEHICLE_MATCH_FIELDS)),
});
export type VehicleClash = z.infer<typeof VehicleClashSchema>;
export const VehicleClashResponseSchema = z.object({ list: z.array(VehicleClashSchema) });
export type VehicleClashResponse = z.infer<typeof VehicleClashResponseSchema>;

// --- The carrier's last freight on a route (the new-transport form's prefill) ---

/** A query string sends the ids as text. */
const queryId = z.preprocess((value) => (typeof value === 'string' ? Number(value) : value), positiveId);

/**
 * GET /transport/last-freight: the carrier's latest transport (by loading date) on the route of this pair, i.e.
 * from the purchase's place to the sale's place (post code and city), whatever contracts carried it.
 */
export const LastFreightRequestSchema = z.strictObject({
  carrierId: queryId,
  purchaseId: queryId,
  salesId: queryId,
});
export type LastFreightRequest = z.infer<typeof LastFreightRequestSchema>;

export const LastFreightSchema = z.object({
  transportId: z.number(),
  /** Minor units per tonne. */
  pricePerTon: z.number(),
  currency: z.enum(CURRENCIES),
  dateLoading: z.string(),
});
export type LastFreight = z.infer<typeof LastFreightSchema>;
/** `last` is null when the carrier has not driven the route (or the pair's places are not known). */
export const LastFreightResponseSchema = z.object({ last: LastFreightSchema.nullable() });
export type LastFreightResponse = z.infer<typeof LastFreightResponseSchema>;

// --- Redirect candidates ---

/** GET|POST /transport/contract-to-reallocate: filter.currentSalesId is required (the sale the truck leaves). */
export const SalesToReallocateFilterSchema = z.strictObject({ currentSalesId: positiveId });
export const SalesToReallocateRequestSchema = listRequestSchema(SalesToReallocateFilterSchema);
export type SalesToReallocateRequest = z.infer<typeof SalesToReallocateRequestSchema>;

/** GET|POST /transport/purchase-contract-to-reallocate: filter.currentPurchaseId is required. */
export const PurchaseToReallocateFilterSchema = z.strictObject({ currentPurchaseId: positiveId });
export const PurchaseToReallocateRequestSchema = listRequestSchema(PurchaseToReallocateFilterSchema);
export type PurchaseToReallocateRequest = z.infer<typeof PurchaseToReallocateRequestSchema>;

export type ReallocateCandidateSortKey =
  | 'document_number'
  | 'counterparty_code'
  | 'date_of_receipt_from'
  | 'cargo_quantity'
  | 'to_allocate'
  | 'id';

/** A contract a transport could be redirected to: same raw material, NEW, NEXT_SEASON or ACTIVE. */
export const ReallocateCandidateSchema = z.object({
  id: z.number(),
  documentNumber: z.string(),
  status: z.enum(CONTRACT_STATUSES),
  counterpartyId: z.number(),
  counterpartyCode: z.string(),
  counterpartyName: z.string().nullable(),
  rawMaterialId: z.number(),
  rawMaterialQualityId: z.number(),
  rawMaterialQualityTitle: z.string(),
  cargoQuantity: z.number(),
  price: z.number(),
  currency: z.enum(CURRENCIES),
  freight: z.enum(FREIGHTS),
  isGmp: z.boolean(),
  isCert: z.boolean(),
  dateOfReceiptFrom: z.string(),
  dateOfReceiptTo: z.string(),
  address: AddressSchema,
  addressFull: z.string(),
  allocated: z.number(),
  /** quantity − allocated, and the most the allocations may reach (RULES.md Contracts, Tolerance). */
  toAllocate: z.number(),
  toleranceUpperLimit: z.number(),
  inDelivery: z.number(),
  delivered: z.number(),
});
export type ReallocateCandidate = z.infer<typeof ReallocateCandidateSchema>;
export const ReallocateCandidateListResponseSchema = listResponseSchema(ReallocateCandidateSchema);
