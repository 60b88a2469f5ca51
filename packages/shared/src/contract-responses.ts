import { z } from 'zod';
import {
  AGREEMENT_STATUSES,
  CONTRACT_STATUSES,
  CURRENCIES,
  FREIGHTS,
  TOLERANCE_TYPES,
  TOLERANCE_UNITS,
} from './enums.js';
import { HistoryEntrySchema } from './history.js';
import { listResponseSchema } from './list.js';
import { QualitySummaryResponseSchema, QualityTermsResponseSchema } from './quality.js';

/** Answers of the purchase and sales contract calls (spec/1 section 3). Kilograms and minor units throughout. */

const nullableText = z.string().nullable();

export const ContractAddressResponseSchema = z.object({
  street: nullableText,
  buildingNumber: nullableText,
  postCode: nullableText,
  city: nullableText,
  countryCode: z.string(),
});
export type ContractAddressResponse = z.infer<typeof ContractAddressResponseSchema>;

export const PriceOptionResponseSchema = z.object({
  id: z.number(),
  price: z.number(),
  rawMaterialQualityId: z.number(),
  rawMaterialQualityTitle: z.string(),
  isContractualQuality: z.boolean(),
  contractualQuality: nullableText,
  isMainOption: z.boolean(),
  attachToContract: z.boolean(),
  /** RULES.md Transports, Quality: the quality terms deliveries are settled by. */
  qualityTerms: QualityTermsResponseSchema,
});
export type PriceOptionResponse = z.infer<typeof PriceOptionResponseSchema>;
export const PriceOptionListResponseSchema = z.object({ list: z.array(PriceOptionResponseSchema) });
export type PriceOptionListResponse = z.infer<typeof PriceOptionListResponseSchema>;

export const ContractContactResponseSchema = z.object({
  id: z.number(),
  firstName: nullableText,
  lastName: nullableText,
  name: nullableText,
  phoneNumber: nullableText,
  email: nullableText,
});
export type ContractContactResponse = z.infer<typeof ContractContactResponseSchema>;

/** RULES.md Contracts, derived values (kilograms). */
const figureFields = {
  allocated: z.number(),
  inDelivery: z.number(),
  inDeliveryTransportCount: z.number(),
  delivered: z.number(),
  realized: z.number(),
};
const purchaseFigureFields = { toPickUp: z.number(), allowed: z.number() };
const salesFigureFields = { toDeliver: z.number(), toAllocate: z.number() };

const rowFields = {
  id: z.number(),
  documentNumber: z.string(),
  status: z.enum(CONTRACT_STATUSES),
  agreementStatus: z.enum(AGREEMENT_STATUSES),
  userId: z.number(),
  ownerName: z.string(),
  currency: z.enum(CURRENCIES),
  freight: z.enum(FREIGHTS),
  isFor: z.boolean(),
  isCert: z.boolean(),
  isGmp: z.boolean(),
  dateOfReceiptFrom: z.string(),
  dateOfReceiptTo: z.string(),
  rawMaterialId: z.number(),
  rawMaterialQualityId: z.number(),
  rawMaterialQualityTitle: z.string(),
  cargoQuantity: z.number(),
  /** The main option's price per tonne. */
  price: z.number(),
  isTolerance: z.boolean(),
  comments: nullableText,
  canDelete: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
  ...figureFields,
};

const supplierRowFields = { supplierId: z.number(), supplierCode: z.string(), supplierName: nullableText };
const recipientRowFields = { recipientId: z.number(), recipientCode: z.string(), recipientName: nullableText };

/** A list row: the address as one line ("Polna 1, 60-001 Poznań"). */
export const PurchaseListItemSchema = z.object({
  ...rowFields,
  ...supplierRowFields,
  ...purchaseFigureFields,
  minPrice: z.number().nullable(),
  address: z.string(),
});
export type PurchaseListItem = z.infer<typeof PurchaseListItemSchema>;

export const SalesListItemSchema = z.object({
  ...rowFields,
  ...recipientRowFields,
  ...salesFigureFields,
  address: z.string(),
});
export type SalesListItem = z.infer<typeof SalesListItemSchema>;

/** Tonnage sums (kg) over every filtered contract, not only the page (totals above the contract lists). */
export const ContractListTotalsSchema = z.object({
  sumCargoQuantity: z.number(),
  sumAllocated: z.number(),
  sumInDelivery: z.number(),
  sumDelivered: z.number(),
  /** Quantity not yet realized (purchase toPickUp, sales toDeliver), never below 0 per contract. */
  sumRemaining: z.number(),
});
export type ContractListTotals = z.infer<typeof ContractListTotalsSchema>;

export const PurchaseListResponseSchema = listResponseSchema(PurchaseListItemSchema).extend({
  totalData: ContractListTotalsSchema,
});
export const SalesListResponseSchema = listResponseSchema(SalesListItemSchema).extend({
  totalData: ContractListTotalsSchema,
});

/** Tolerance range in kilograms (quantity ± tolerance); null when the contract has no tolerance. */
export const ToleranceRangeResponseSchema = z.object({ min: z.number(), max: z.number() }).nullable();

const detailFields = {
  ...rowFields,
  address: ContractAddressResponseSchema,
  rawMaterialName: z.string(),
  toleranceType: z.enum(TOLERANCE_TYPES).nullable(),
  toleranceQuantity: z.number().nullable(),
  toleranceUnit: z.enum(TOLERANCE_UNITS).nullable(),
  toleranceRange: ToleranceRangeResponseSchema,
  /** RULES.md Contracts, Tolerance: what allocations on this contract may reach. */
  toleranceUpperLimit: z.number(),
  mainCargoOption: PriceOptionResponseSchema,
  additionalCargoOption: z.array(PriceOptionResponseSchema),
  hasOption: z.boolean(),
  contactList: z.array(ContractContactResponseSchema),
  emailNotificationList: z.array(z.string()),
  history: z.array(HistoryEntrySchema),
  /** RULES.md Transports, Delivered: kg delivered beyond this contract's upper tolerance limit, and the notes. */
  overDelivered: z.number(),
  overDeliveryNotes: z.array(z.string()),
  /** Deliveries settled by lab results: tonnes and money deducted, average quality against the terms. */
  qualitySummary: QualitySummaryResponseSchema,
};

/** The dashboard (and the answer of create and update): the contract with every derived value and its history. */
export const PurchaseDashboardResponseSchema = z.object({
  ...detailFields,
  ...supplierRowFields,
  ...purchaseFigureFields,
  supplierAddress: ContractAddressResponseSchema,
  countyCode: nullableText,
  minPrice: z.number().nullable(),
  /** Notes given when sales needing GMP or a certificate were allocated from this purchase (RULES.md Allocations). */
  confirmationNotesForSales: z.array(z.string()),
});
export type PurchaseDashboardResponse = z.infer<typeof PurchaseDashboardResponseSchema>;

export const SalesDashboardResponseSchema = z.object({
  ...detailFields,
  ...recipientRowFields,
  ...salesFigureFields,
  recipientAddress: ContractAddressResponseSchema,
  /** spec/1 Sales contract: the recipient's id under the form's name. */
  salesRecipientId: z.number(),
  /** RULES.md Allocations, speculative tonnes: allocated from purchases whose agreement is not SIGNED. */
  allocatedSpeculative: z.number(),
  /** RULES.md Allocations, speculative tonnes: NEW and ON_THE_WAY transport kg on such pairs. */
  inDeliverySpeculative: z.number(),
});
export type SalesDashboardResponse = z.infer<typeof SalesDashboardResponseSchema>;

/** Answer of the status and agreement-status calls. */
export const ContractStatusResponseSchema = z.object({
  id: z.number(),
  status: z.enum(CONTRACT_STATUSES),
  agreementStatus: z.enum(AGREEMENT_STATUSES),
  updatedAt: z.string(),
});
export type ContractStatusResponse = z.infer<typeof ContractStatusResponseSchema>;

/** File name of an export: kontrakty-zakupu-2026-11-23.xlsx / kontrakty-sprzedazy-2026-11-23.xlsx. */
export function contractExportFileName(type: 'PURCHASE' | 'SALES', day: string): string {
  return `kontrakty-${type === 'PURCHASE' ? 'zakupu' : 'sprzedazy'}-${day}.xlsx`;
}
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
