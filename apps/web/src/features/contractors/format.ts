import { DEFAULT_COUNTRY_CODE } from '@grain/shared';

interface ContactNameParts {
  firstName: string | null;
  middleName: string | null;
  lastName: string | null;
  name: string | null;
}

/** "Jan Maria Kowalski", or the contact's name (company or role) when no person name is given. */
export function contactName(contact: ContactNameParts): string {
  const person = [contact.firstName, contact.middleName, contact.lastName].filter(Boolean).join(' ');
  if (person && contact.name) return `${person} (${contact.name})`;
  return person || contact.name || '—';
}

interface AddressParts {
  street: string | null;
  buildingNumber: string | null;
  postCode: string | null;
  city: string | null;
  countryCode: string | null;
}

/** One line: "Polna 1, 00-001 Warszawa"; the country is added only when it is not Poland. */
export function formatAddress(address: AddressParts, countryName?: (code: string) => string | undefined): string {
  const street = [address.street, address.buildingNumber].filter(Boolean).join(' ');
  const place = [address.postCode, address.city].filter(Boolean).join(' ');
  const country =
    address.countryCode && address.countryCode !== DEFAULT_COUNTRY_CODE
      ? (countryName?.(address.countryCode) ?? address.countryCode)
      : '';
  return [street, place, country].filter(Boolean).join(', ') || '—';
}
