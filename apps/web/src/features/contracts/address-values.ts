import { type ContractorResponse, DEFAULT_COUNTRY_CODE, type Freight } from '@grain/shared';
import { type ContractorFormValues, hasAddress } from '../contractors';
import type { AddressFormValues, ContractFormValues } from './form-value-types';
import type { ContractSide } from './side';

/**
 * The contract address and the freight rule of spec/1 Contract forms: FCA is reception at the supplier's address,
 * CPT supply to the recipient's; the form can copy one of the counterparty's addresses into the contract address.
 */
export const emptyAddress = (): AddressFormValues => ({
  street: '',
  buildingNumber: '',
  postCode: '',
  city: '',
  countryCode: DEFAULT_COUNTRY_CODE,
});

/** One address of the counterparty the form can copy: the accounting address or an additional one. */
export interface PartyAddress {
  key: string;
  /** The additional address's name; null for the accounting address. */
  name: string | null;
  address: AddressFormValues;
}

export const textOrEmpty = (value: string | null | undefined) => value ?? '';

export function toAddressForm(address: {
  street: string | null;
  buildingNumber: string | null;
  postCode: string | null;
  city: string | null;
  countryCode: string | null;
}): AddressFormValues {
  return {
    street: textOrEmpty(address.street),
    buildingNumber: textOrEmpty(address.buildingNumber),
    postCode: textOrEmpty(address.postCode),
    city: textOrEmpty(address.city),
    countryCode: address.countryCode || DEFAULT_COUNTRY_CODE,
  };
}

export const ACCOUNTING_ADDRESS_KEY = 'accounting';

/** The addresses of a contractor on file, the accounting one first when it has more than the default country. */
export function partyAddressesOf(contractor: ContractorResponse): PartyAddress[] {
  const accounting = toAddressForm(contractor.accountingAddress);
  const additional = contractor.additionalAddress.map((address) => ({
    key: `additional-${address.id}`,
    name: address.name,
    address: toAddressForm(address),
  }));
  return hasAddress(accounting)
    ? [{ key: ACCOUNTING_ADDRESS_KEY, name: null, address: accounting }, ...additional]
    : additional;
}

/** The accounting address of a counterparty entered inline, once it has one. */
export function newPartyAddresses(counterparty: ContractorFormValues | null): PartyAddress[] {
  if (!counterparty || !hasAddress(counterparty.accountingAddress)) return [];
  return [{ key: ACCOUNTING_ADDRESS_KEY, name: null, address: { ...counterparty.accountingAddress } }];
}

/** FCA is reception at the supplier's address, CPT supply to the recipient's: is that party our counterparty? */
export function isCounterpartyAddress(side: ContractSide, freight: Freight): boolean {
  return freight === side.counterpartyFreight;
}

/** Copies one of the counterparty's addresses into the contract address. */
export function withPartyAddress(values: ContractFormValues, party: PartyAddress | undefined): ContractFormValues {
  if (!party) return values;
  return { ...values, chosenAddress: party.key, address: { ...party.address } };
}

/**
 * spec/1 Contract forms: changing freight resets the address and the chosen address; when the new freight's
 * address is the counterparty's, its first address is filled in.
 */
export function withFreight(
  side: ContractSide,
  values: ContractFormValues,
  freight: Freight,
  partyAddresses: PartyAddress[],
): ContractFormValues {
  const reset = { ...values, freight, chosenAddress: null, address: emptyAddress() };
  return isCounterpartyAddress(side, freight) ? withPartyAddress(reset, partyAddresses[0]) : reset;
}

/** A newly chosen counterparty brings its address when the freight's address is the counterparty's. */
export function withCounterpartyAddresses(
  side: ContractSide,
  values: ContractFormValues,
  partyAddresses: PartyAddress[],
): ContractFormValues {
  return isCounterpartyAddress(side, values.freight) ? withPartyAddress(values, partyAddresses[0]) : values;
}
