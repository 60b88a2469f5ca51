import { mailboxOf } from '../../test/fixtures.js';

/** Request bodies (snake_case, as on the wire) shared by the contractor tests. */
export type Body = Record<string, unknown>;

export function contractorBody(overrides: Body = {}): Body {
  return {
    code: 'AGRO',
    name: 'Agro Handel Sp. z o.o.',
    nip: '5260250274',
    pesel: null,
    phone_number: '+48 600 100 200',
    email: 'biuro@agro.pl',
    label: 'FIRMA',
    accounting_method: 'VAT',
    accounting_address: { city: 'Poznań', street: 'Polna', building_number: '1', post_code: '60-001' },
    additional_address: [],
    contact_list: [],
    ...overrides,
  };
}

export const contact = (lastName: string, extra: Body = {}): Body => ({
  first_name: 'Jan',
  last_name: lastName,
  phone_number: '500 000 000',
  email: mailboxOf(lastName, 'agro.pl'),
  gender: 'male',
  ...extra,
});

export const address = (city: string, extra: Body = {}): Body => ({
  name: `Magazyn ${city}`,
  street: 'Magazynowa',
  building_number: '2',
  post_code: '00-001',
  city,
  country_code: 'PL',
  ...extra,
});
