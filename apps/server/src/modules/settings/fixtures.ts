import type { TestApp } from '../../test/harness.js';

/** A 1×1 transparent PNG. */
export const TINY_PNG =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';

export const COMPANY = {
  name: 'Zbożex Handel Zbożem sp. z o.o.',
  street: 'ul. Żytnia 7',
  post_code: '61-001',
  city: 'Poznań',
  nip: '526-025-02-74',
  email: 'biuro@zbozex.pl',
  phone_number: '61 123 45 67',
  logo_data_url: null,
};

/** Saves COMPANY (with `overrides`) as the ADMIN behind `token`. */
export async function saveCompany(t: TestApp, token: string, overrides: Record<string, unknown> = {}) {
  const response = await t.call({
    method: 'PUT',
    url: '/api/settings/company',
    token,
    payload: { ...COMPANY, ...overrides },
  });
  if (response.statusCode !== 200) throw new Error(`company settings refused: ${response.body}`);
}
