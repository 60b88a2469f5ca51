import type {
  ContractorCreateRequest,
  ContractStatus,
  PurchaseCreateRequest,
  PurchaseUpdateRequest,
  SalesCreateRequest,
  SalesUpdateRequest,
} from '@grain/shared';
import type { ContractValues, PriceOptionValues } from '../queries/writes.js';

type CommonRequest = PurchaseCreateRequest | SalesCreateRequest;

/** A create or update body of either kind, with the counterparty under one name. */
export type ContractInput = Omit<
  CommonRequest,
  'purchaseSupplierId' | 'purchaseSupplier' | 'salesRecipientId' | 'salesRecipient' | 'status' | 'agreementStatus'
> & {
  /** NEW on create (the create schemas allow no other); any status on update. */
  status?: ContractStatus;
  agreementStatus?: CommonRequest['agreementStatus'];
  counterpartyId: number | null;
  newCounterparty: ContractorCreateRequest | null;
  countyCode: string | null;
  minPrice: number | null;
  contactListDelete: number[];
  additionalCargoOptionDelete: number[];
};

const noDeletes = { contactListDelete: [], additionalCargoOptionDelete: [] };

export function fromPurchaseRequest(body: PurchaseCreateRequest | PurchaseUpdateRequest): ContractInput {
  // The price-list note is checked and kept by the create (price-lists/service.ts), not a contract column.
  const { purchaseSupplierId, purchaseSupplier, priceListNote: _note, ...rest } = body;
  return {
    ...noDeletes,
    ...rest,
    counterpartyId: purchaseSupplierId ?? null,
    newCounterparty: purchaseSupplier ?? null,
    minPrice: rest.minPrice ?? null,
  };
}

/** Sales contracts have no county code and no minimum price (spec/1 section 3). */
export function fromSalesRequest(body: SalesCreateRequest | SalesUpdateRequest): ContractInput {
  const { salesRecipientId, salesRecipient, ...rest } = body;
  return {
    ...noDeletes,
    ...rest,
    counterpartyId: salesRecipientId ?? null,
    newCounterparty: salesRecipient ?? null,
    countyCode: null,
    minPrice: null,
  };
}

/** The contract columns a create or update writes; the main option's quality and price are copied for lists. */
export function contractValues(input: ContractInput, counterpartyId: number): Omit<ContractValues, 'documentNumber'> {
  return {
    counterpartyId,
    userId: input.userId,
    currency: input.currency,
    freight: input.freight,
    isFor: input.isFor,
    isCert: input.isCert,
    isGmp: input.isGmp,
    countyCode: input.countyCode,
    dateOfReceiptFrom: input.dateOfReceiptFrom,
    dateOfReceiptTo: input.dateOfReceiptTo,
    street: input.address.street,
    buildingNumber: input.address.buildingNumber,
    postCode: input.address.postCode,
    city: input.address.city,
    countryCode: input.address.countryCode,
    rawMaterialId: input.rawMaterialId,
    rawMaterialQualityId: input.mainCargoOption.rawMaterialQualityId,
    price: input.mainCargoOption.price,
    cargoQuantityKg: input.cargoQuantity,
    minPrice: input.minPrice,
    isTolerance: input.isTolerance,
    toleranceType: input.toleranceType ?? null,
    toleranceQuantity: input.toleranceQuantity ?? null,
    toleranceUnit: input.toleranceUnit ?? null,
    comments: input.comments,
    emailNotificationList: input.emailNotificationList,
  };
}

export function mainOptionValues(input: ContractInput): PriceOptionValues {
  const { price, rawMaterialQualityId, isContractualQuality, contractualQuality, qualityTerms } = input.mainCargoOption;
  return { price, rawMaterialQualityId, isContractualQuality, contractualQuality, qualityTerms, isMainOption: true };
}

export function additionalOptionValues(option: ContractInput['additionalCargoOption'][number]): PriceOptionValues {
  const { price, rawMaterialQualityId, isContractualQuality, contractualQuality, attachToContract, qualityTerms } =
    option;
  return {
    price,
    qualityTerms,
    rawMaterialQualityId,
    isContractualQuality,
    contractualQuality,
    attachToContract,
    isMainOption: false,
  };
}

export function contactValues({ id: _id, ...contact }: ContractInput['contactList'][number]) {
  return contact;
}
