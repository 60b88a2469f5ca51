/**
 * The KSeF environments (KSeF docs `srodowiska.md`, `kody-qr.md`): where the API answers and which host the QR
 * verification links point at. TEST accepts self-signed certificates and random NIPs; DEMO mirrors production.
 */
export type KsefEnvironment = 'test' | 'demo' | 'prod';

export const KSEF_ENVIRONMENTS: readonly KsefEnvironment[] = ['test', 'demo', 'prod'];

/** API base URLs: the OpenAPI document's server (`…/v2`), per environment. */
export const KSEF_API_BASE_URLS: Readonly<Record<KsefEnvironment, string>> = {
  test: 'https://api-test.ksef.mf.gov.pl/v2',
  demo: 'https://api-demo.ksef.mf.gov.pl/v2',
  prod: 'https://api.ksef.mf.gov.pl/v2',
};

/** Hosts of the QR verification links printed on invoices (KOD I). */
export const KSEF_QR_BASE_URLS: Readonly<Record<KsefEnvironment, string>> = {
  test: 'https://qr-test.ksef.mf.gov.pl',
  demo: 'https://qr-demo.ksef.mf.gov.pl',
  prod: 'https://qr.ksef.mf.gov.pl',
};
