import { z } from 'zod';
import { CONTRACT_STATUSES, CURRENCIES, FREIGHTS } from './enums.js';
import { listRequestSchema, listResponseSchema, OptionSchema } from './list.js';
import { filterFlag, filterIdList, filterList, unsetWhenBlank } from './list-filter-fields.js';
import {
  amountRange,
  dateRange,
  isoDateField,
  nonNegativeAmount,
  optionalString,
  positiveId,
  refineDateOrder,
  V,
} from './validation.js';

/**
 * Allocations: a quantity (kg) of one purchase contract assigned to one sales contract (RULES.md Allocations),
 * and the allocations screen's "transports to assign" rows (spec/1 section 3).
 */

const idFilter = filterIdList;
const codeFilter = filterList(z.string().trim().min(1).max(255));
const statusFilter = filterList(z.enum(CONTRACT_STATUSES, { error: V.oneOf }));
const freightFilter = filterList(z.enum(FREIGHTS, { error: V.oneOf }));

// --- POST /contract/allocate-contract/{salesId} ---

/** cargoQuantity in kg: > 0 when the pair is new, >= 0 on edit (0 removes it); checked by the server. */
export const AllocateContractRequestSchema = z.strictObject({
  purchaseId: positiveId,
  cargoQuantity: nonNegativeAmount,
  confirmationNote: optionalString(),
});
export type AllocateContractRequest = z.infer<typeof AllocateContractRequestSchema>;

export const ALLOCATION_CHANGES = ['CREATED', 'UPDATED', 'REMOVED'] as const;
export type AllocationChange = (typeof ALLOCATION_CHANGES)[number];

/**
 * The pair after the call. On REMOVED, id is the removed allocation's and cargoQuantity is 0.
 * purchaseAllocated / salesAllocated are the contracts' new allocated totals (kg).
 */
export const AllocationResponseSchema = z.object({
  id: z.number(),
  purchaseId: z.number(),
  salesId: z.number(),
  cargoQuantity: z.number(),
  confirmationNote: z.string().nullable(),
  change: z.enum(ALLOCATION_CHANGES),
  purchaseAllocated: z.number(),
  salesAllocated: z.number(),
});
export type AllocationResponse = z.infer<typeof AllocationResponseSchema>;

// --- POST /contract/get-allocated-value ---

export const AllocatedValueRequestSchema = z.strictObject({ salesId: positiveId, purchaseId: positiveId });
export type AllocatedValueRequest = z.infer<typeof AllocatedValueRequestSchema>;
/** The pair's allocated kg, null when the pair has no allocation. */
export const AllocatedValueResponseSchema = z.object({ value: z.number().nullable() });
export type AllocatedValueResponse = z.infer<typeof AllocatedValueResponseSchema>;

// --- Contract lists of the allocation screens (spec/2 Contract list filter) ---

/**
 * The contract list filter as the allocation tables use it (spec/1 List filters), read as the contract lists read
 * it: a contract matches when its receipt period overlaps [dateOfReceiptFrom, dateOfReceiptTo].
 */
export const AllocationContractFilterSchema = z
  .strictObject({
    rawMaterialQualityId: idFilter,
    isCert: filterFlag,
    isFor: filterFlag,
    isGmp: filterFlag,
    freight: freightFilter,
    cargoQuantity: z.preprocess(unsetWhenBlank, amountRange.optional()),
    price: z.preprocess(unsetWhenBlank, amountRange.optional()),
    dateOfReceiptFrom: z.preprocess(unsetWhenBlank, isoDateField.optional()),
    dateOfReceiptTo: z.preprocess(unsetWhenBlank, isoDateField.optional()),
  })
  .superRefine((value, ctx) => refineDateOrder(value, ctx, 'dateOfReceiptFrom', 'dateOfReceiptTo'));
export type AllocationContractFilter = z.infer<typeof AllocationContractFilterSchema>;

export const AllocationContractListRequestSchema = listRequestSchema(AllocationContractFilterSchema);
export type AllocationContractListRequest = z.infer<typeof AllocationContractListRequestSchema>;

const AddressSchema = z.object({
  street: z.string().nullable(),
  buildingNumber: z.string().nullable(),
  postCode: z.string().nullable(),
  city: z.string().nullable(),
});
export type AllocationAddress = z.infer<typeof AddressSchema>;

/** What every allocation table shows of the contract on the other side (kg, minor units, YYYY-MM-DD). */
const contractFigures = {
  documentNumber: z.string(),
  status: z.enum(CONTRACT_STATUSES),
  rawMaterialId: z.number(),
  rawMaterialQualityId: z.number(),
  rawMaterialQualityTitle: z.string(),
  cargoQuantity: z.number(),
  price: z.number(),
  currency: z.enum(CURRENCIES),
  freight: z.enum(FREIGHTS),
  isGmp: z.boolean(),
  isCert: z.boolean(),
  isFor: z.boolean(),
  dateOfReceiptFrom: z.string(),
  dateOfReceiptTo: z.string(),
  address: AddressSchema.extend({ countryCode: z.string() }),
  /** The contract's allocated total over all its pairs and the tolerance upper limit (RULES.md Contracts). */
  allocated: z.number(),
  toleranceUpperLimit: z.number(),
};

const supplierFields = { supplierId: z.number(), supplierCode: z.string(), supplierName: z.string().nullable() };
const recipientFields = { recipientId: z.number(), recipientCode: z.string(), recipientName: z.string().nullable() };

/** The pair seen from a sale (spec/1 section 3): ...OnPurchase. */
const onPurchaseFields = {
  allocationId: z.number().nullable(),
  allocatedOnPurchase: z.number(),
  /** Planned kg of the pair's NEW transports: with in delivery and delivered, the floor of an edit (allocationFloorKg). */
  plannedOnPurchase: z.number(),
  inDeliveryOnPurchase: z.number(),
  inDeliveryTransportCountOnPurchase: z.number(),
  deliveredOnPurchase: z.number(),
  confirmationNote: z.string().nullable(),
};

/** GET /contract/get-purchase-contract-to-allocate/{salesId}: a purchase the sale can take from. */
export const PurchaseToAllocateRowSchema = z.object({
  id: z.number(),
  ...supplierFields,
  ...contractFigures,
  /** quantity − allocated (RULES.md Contracts: purchase allowed). */
  allowed: z.number(),
  ...onPurchaseFields,
});
export type PurchaseToAllocateRow = z.infer<typeof PurchaseToAllocateRowSchema>;
export const PurchaseToAllocateListResponseSchema = listResponseSchema(PurchaseToAllocateRowSchema);

/** GET /contract/get-allocated-sales/{salesId}: a purchase allocated to the sale (sale dashboard). */
export const AllocatedPurchaseRowSchema = PurchaseToAllocateRowSchema.extend({
  allocationId: z.number(),
  salesId: z.number(),
});
export type AllocatedPurchaseRow = z.infer<typeof AllocatedPurchaseRowSchema>;
export const AllocatedPurchaseListResponseSchema = listResponseSchema(AllocatedPurchaseRowSchema);

/** GET /contract/get-purchase-allocated-contract/{purchaseId}: a sale the purchase is allocated to (purchase dashboard). */
export const AllocatedSalesRowSchema = z.object({
  allocationId: z.number(),
  purchaseId: z.number(),
  salesId: z.number(),
  ...recipientFields,
  ...contractFigures,
  /** quantity − allocated (RULES.md Contracts: sales toAllocate). */
  toAllocate: z.number(),
  allocatedForSales: z.number(),
  inDeliveryForSales: z.number(),
  inDeliveryTransportCountForSales: z.number(),
  deliveredForSales: z.number(),
  confirmationNote: z.string().nullable(),
});
export type AllocatedSalesRow = z.infer<typeof AllocatedSalesRowSchema>;
export const AllocatedSalesListResponseSchema = listResponseSchema(AllocatedSalesRowSchema);

export type PurchaseToAllocateSortKey =
  | 'document_number'
  | 'supplier_code'
  | 'raw_material_quality_title'
  | 'cargo_quantity'
  | 'price'
  | 'allowed'
  | 'date_of_receipt_from'
  | 'date_of_receipt_to'
  | 'allocated_on_purchase'
  | 'id';
export type AllocatedPurchaseSortKey =
  | 'document_number'
  | 'supplier_code'
  | 'raw_material_quality_title'
  | 'cargo_quantity'
  | 'price'
  | 'date_of_receipt_from'
  | 'allocated_on_purchase'
  | 'in_delivery_on_purchase'
  | 'delivered_on_purchase'
  | 'id';
export type AllocatedSalesSortKey =
  | 'document_number'
  | 'recipient_code'
  | 'raw_material_quality_title'
  | 'cargo_quantity'
  | 'price'
  | 'date_of_receipt_from'
  | 'allocated_for_sales'
  | 'in_delivery_for_sales'
  | 'delivered_for_sales'
  | 'id';

// --- GET /transport/get-to-assign-list (the allocations page) ---

/**
 * Filters of the allocations page. Contract statuses default to every status but CANCELLED and CLOSED on both
 * sides. dateOfLoading / dateOfUnloading keep pairs whose purchase / sale receipt period overlaps the range.
 */
export const ToAssignFilterSchema = z.strictObject({
  purchaseSupplierId: idFilter,
  purchaseSupplierCode: codeFilter,
  salesRecipientId: idFilter,
  salesRecipientCode: codeFilter,
  rawMaterialId: z.preprocess(unsetWhenBlank, positiveId.optional()),
  rawMaterialQualityId: idFilter,
  purchaseIsGmp: filterFlag,
  salesIsGmp: filterFlag,
  purchaseIsCert: filterFlag,
  salesIsCert: filterFlag,
  purchaseFreight: freightFilter,
  salesFreight: freightFilter,
  hasToDeliver: filterFlag,
  dateOfLoading: z.preprocess(unsetWhenBlank, dateRange.optional()),
  dateOfUnloading: z.preprocess(unsetWhenBlank, dateRange.optional()),
  purchaseContractStatus: statusFilter,
  salesContractStatus: statusFilter,
});
export type ToAssignFilter = z.infer<typeof ToAssignFilterSchema>;

/** Statuses shown when the filter names none: a pair with a cancelled or closed contract has nothing to assign. */
export const TO_ASSIGN_DEFAULT_STATUSES = ['NEW', 'NEXT_SEASON', 'ACTIVE', 'TO_SETTLEMENT'] as const;

export const ToAssignListRequestSchema = listRequestSchema(ToAssignFilterSchema);
export type ToAssignListRequest = z.infer<typeof ToAssignListRequestSchema>;

/** spec/1 Allocations page: the column sort keys. */
export type ToAssignSortKey =
  | 'sales_agreement_document_number'
  | 'purchase_agreement_document_number'
  | 'purchase_supplier_code'
  | 'sales_recipient_code'
  | 'purchase_address_full'
  | 'sales_address_full'
  | 'to_deliver'
  | 'in_delivery'
  | 'delivered'
  | 'raw_material_quality_title'
  | 'sales_is_gmp'
  // The allocations page opens with the newest allocations first.
  | 'created_at';
export const TO_ASSIGN_DEFAULT_SORT = 'created_at:desc';

/** spec/1 section 3 "Transports-to-assign rows": one allocation pair; id is the allocation's. */
export const ToAssignRowSchema = z.object({
  id: z.number(),
  purchaseId: z.number(),
  salesId: z.number(),
  purchaseAgreementDocumentNumber: z.string(),
  salesAgreementDocumentNumber: z.string(),
  purchaseSupplierId: z.number(),
  purchaseSupplierCode: z.string(),
  purchaseSupplierName: z.string().nullable(),
  salesRecipientId: z.number(),
  salesRecipientCode: z.string(),
  salesRecipientName: z.string().nullable(),
  purchaseFreight: z.enum(FREIGHTS),
  salesFreight: z.enum(FREIGHTS),
  purchaseAddress: AddressSchema,
  salesAddress: AddressSchema,
  purchaseAddressFull: z.string(),
  salesAddressFull: z.string(),
  dateOfLoadingFrom: z.string(),
  dateOfLoadingTo: z.string(),
  dateOfUnloadingFrom: z.string(),
  dateOfUnloadingTo: z.string(),
  /** allocation − inDelivery − delivered of the pair (kg). */
  toDeliver: z.number(),
  inDelivery: z.number(),
  inDeliveryTransportCount: z.number(),
  delivered: z.number(),
  allocated: z.number(),
  cargoName: z.string(),
  rawMaterialId: z.number(),
  rawMaterialQualityId: z.number(),
  purchaseComments: z.string().nullable(),
  confirmationNote: z.string().nullable(),
  salesIsGmp: z.boolean(),
  purchaseIsGmp: z.boolean(),
  salesIsCert: z.boolean(),
  purchaseIsCert: z.boolean(),
  purchaseStatus: z.enum(CONTRACT_STATUSES),
  salesStatus: z.enum(CONTRACT_STATUSES),
});
export type ToAssignRow = z.infer<typeof ToAssignRowSchema>;

/** Sums over every filtered row, not only the page (spec/1 Allocations page totals bar). */
export const ToAssignTotalsSchema = z.object({
  sumDelivered: z.number(),
  sumInDelivery: z.number(),
  sumInDeliveryTransportCount: z.number(),
  sumToDeliver: z.number(),
});
export type ToAssignTotals = z.infer<typeof ToAssignTotalsSchema>;

export const ToAssignListResponseSchema = listResponseSchema(ToAssignRowSchema).extend({
  // null: more pairs match than the server sums (FILTERED_COUNT_CAP), as the logistics totals.
  totalData: ToAssignTotalsSchema.nullable(),
});
export type ToAssignListResponse = z.infer<typeof ToAssignListResponseSchema>;

/** GET /transport/get-to-assign-filter-option: what the allocations page's selects offer. */
export const ToAssignFilterOptionsResponseSchema = z.object({
  suppliers: z.array(OptionSchema),
  recipients: z.array(OptionSchema),
  rawMaterials: z.array(OptionSchema),
  qualities: z.array(OptionSchema),
});
export type ToAssignFilterOptionsResponse = z.infer<typeof ToAssignFilterOptionsResponseSchema>;
