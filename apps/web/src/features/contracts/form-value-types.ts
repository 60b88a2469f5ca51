import type { AgreementStatus, ContractStatus, Currency, Freight, ToleranceType, ToleranceUnit } from '@grain/shared';
import type { ContractorFormValues } from '../contractors';
import type { QualityTermFormValues } from './quality-terms-values';

/** The contract address as typed; address-values.ts fills it from the counterparty and the freight rule. */
export interface AddressFormValues {
  street: string;
  buildingNumber: string;
  postCode: string;
  city: string;
  countryCode: string;
}

/**
 * Contract form values are what people type: tonnes, złote (major units), percent, '' for empty text.
 * form-values.ts turns them into the request (kilograms, minor units, hundredths of a percent, nulls).
 */
export interface PriceOptionFormValues {
  id: number | null;
  /** Per tonne, in major units. */
  price: number | null;
  rawMaterialQualityId: number | null;
  isContractualQuality: boolean;
  contractualQuality: string;
  attachToContract: boolean;
  /**
   * The option's quality terms once loaded or adjusted; null sends none, so the server takes the defaults
   * of the option's quality (new option or changed quality) or keeps the stored ones.
   */
  qualityTerms: QualityTermFormValues[] | null;
}

export interface ContractContactFormValues {
  id: number | null;
  firstName: string;
  lastName: string;
  name: string;
  phoneNumber: string;
  email: string;
}

export interface ContractFormValues extends Record<string, unknown> {
  counterpartyId: number | null;
  /** A counterparty entered inline (spec/1 Contract forms); null while an existing one is chosen. */
  newCounterparty: ContractorFormValues | null;
  documentNumber: string;
  status: ContractStatus;
  agreementStatus: AgreementStatus;
  userId: number | null;
  currency: Currency;
  dateOfReceiptFrom: string | null;
  dateOfReceiptTo: string | null;
  isFor: boolean;
  isCert: boolean;
  isGmp: boolean;
  freight: Freight;
  /** Which of the counterparty's addresses was copied into `address` (PartyAddress.key). */
  chosenAddress: string | null;
  address: AddressFormValues;
  countyCode: string;
  rawMaterialId: number | null;
  /** Tonnes. */
  cargoQuantity: number | null;
  /** Major units per tonne (purchase only). */
  minPrice: number | null;
  mainCargoOption: PriceOptionFormValues;
  additionalCargoOption: PriceOptionFormValues[];
  isTolerance: boolean;
  toleranceType: ToleranceType;
  toleranceUnit: ToleranceUnit;
  /** Tonnes for the unit T, percent for PERCENT. */
  toleranceQuantity: number | null;
  comments: string;
  /** CONTRIBUTING.md Price lists: why a purchase price is away from the day's list (create form only). */
  priceListNote: string;
  /** Set by the form while the price is away from the list beyond the company's limit (the note is required then). */
  isPriceListNoteRequired: boolean;
  contactList: ContractContactFormValues[];
  emailNotificationList: string[];
}
