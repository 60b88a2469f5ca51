import type { CompanySettingsRequest, CompanySettingsResponse, KsefSettingsEnvironment } from '@grain/shared';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { decryptSecret, encryptSecret } from '../../lib/secrets.js';
import { KSEF_API_BASE_URLS, type KsefEnvironment } from '../ksef/index.js';
import { type CompanySettingsRow, getCompanySettingsRow } from './queries.js';

/**
 * KSeF in company settings (RULES.md Invoices, VAT and KSeF): the environment, the NIP of the KSeF context and the
 * KSeF token, kept encrypted under SECRETS_KEY (lib/secrets.ts) and never answered by the API.
 *
 * Precedence (README Configuration): the settings, once they hold an environment and a token; otherwise KSEF_URL
 * and KSEF_TOKEN from the environment (the deploy's and the demo's fallback); otherwise nothing is sent and issued
 * invoices wait as ISSUED ("nie wysłano").
 */

const ENVIRONMENT_OF: Record<KsefSettingsEnvironment, KsefEnvironment> = {
  TEST: 'test',
  DEMO: 'demo',
  PRODUCTION: 'prod',
};

/** Where and as whom the sender talks to KSeF. */
export interface KsefConfig {
  source: 'SETTINGS' | 'ENVIRONMENT';
  baseUrl: string;
  ksefToken: string;
  /** The NIP of the KSeF context; null: each invoice's seller NIP. */
  contextNip: string | null;
  /** Whose QR verification host the printed invoices point at (KSeF docs `kody-qr.md`). */
  environment: KsefEnvironment;
}

type KsefColumns = Pick<CompanySettingsRow, 'ksefEnvironment' | 'ksefNip' | 'ksefTokenEncrypted' | 'ksefCustomUrl'>;

/** The KSeF fields of the settings answer: whether a token is stored, never the token. */
export function ksefAnswerOf(row: KsefColumns | null, config: Config) {
  const isSettingsComplete = Boolean(row?.ksefEnvironment && row.ksefTokenEncrypted);
  const hasEnvironmentFallback = Boolean(config.ksefUrl && config.ksefToken);
  return {
    ksefEnvironment: row?.ksefEnvironment ?? null,
    ksefNip: row?.ksefNip ?? null,
    ksefCustomUrl: row?.ksefCustomUrl ?? null,
    ksefTokenSet: Boolean(row?.ksefTokenEncrypted),
    secretsKeySet: config.secretsKey !== null,
    ksefCustomUrlAllowed: config.ksefAllowCustomUrl,
    ksefSource: isSettingsComplete ? 'SETTINGS' : hasEnvironmentFallback ? 'ENVIRONMENT' : null,
  } satisfies Partial<CompanySettingsResponse>;
}

/**
 * The KSeF columns to store from a save: fields left out keep their values; an empty token keeps the stored one,
 * `ksefTokenClear` removes it; a new token needs SECRETS_KEY, a custom address KSEF_ALLOW_CUSTOM_URL.
 */
export function ksefColumnsToStore(input: CompanySettingsRequest, before: KsefColumns | null, config: Config) {
  const customUrl = input.ksefCustomUrl === undefined ? (before?.ksefCustomUrl ?? null) : input.ksefCustomUrl;
  if (input.ksefCustomUrl && !config.ksefAllowCustomUrl) {
    throw new AppError('KSEF_CUSTOM_URL_NOT_ALLOWED', undefined, [{ field: 'ksef_custom_url', code: 'oneOf' }]);
  }
  let tokenEncrypted = before?.ksefTokenEncrypted ?? null;
  if (input.ksefTokenClear) tokenEncrypted = null;
  if (input.ksefToken) {
    if (!config.secretsKey) {
      throw new AppError('SECRETS_KEY_MISSING', undefined, [{ field: 'ksef_token', code: 'required' }]);
    }
    tokenEncrypted = encryptSecret(config.secretsKey, input.ksefToken);
  }
  return {
    ksefEnvironment: input.ksefEnvironment === undefined ? (before?.ksefEnvironment ?? null) : input.ksefEnvironment,
    ksefNip: input.ksefNip === undefined ? (before?.ksefNip ?? null) : input.ksefNip,
    ksefTokenEncrypted: tokenEncrypted,
    ksefCustomUrl: customUrl,
  };
}

/** KSEF_URL's environment when it is an official one; any other address (the fake) counts as TEST. */
function environmentOfUrl(url: string): KsefEnvironment {
  const official = Object.entries(KSEF_API_BASE_URLS).find(([, base]) => base === url.replace(/\/+$/, ''));
  return (official?.[0] as KsefEnvironment | undefined) ?? 'test';
}

function settingsConfig(row: CompanySettingsRow, config: Config, log?: FastifyBaseLogger): KsefConfig | null {
  if (!row.ksefEnvironment || !row.ksefTokenEncrypted) return null;
  const ksefToken = config.secretsKey ? decryptSecret(config.secretsKey, row.ksefTokenEncrypted) : null;
  if (ksefToken === null) {
    // Not a fallback to KSEF_TOKEN: the settings name a company and an environment the variables may not match.
    log?.warn('KSeF token in company settings cannot be decrypted (SECRETS_KEY missing or changed): nothing is sent');
    return null;
  }
  const environment = ENVIRONMENT_OF[row.ksefEnvironment];
  const customUrl = config.ksefAllowCustomUrl ? row.ksefCustomUrl : null;
  return {
    source: 'SETTINGS',
    baseUrl: customUrl ?? KSEF_API_BASE_URLS[environment],
    ksefToken,
    contextNip: row.ksefNip ?? row.nip,
    environment,
  };
}

/** The configuration the sender uses now (precedence above), or null: nothing is sent. */
export async function readKsefConfig(db: Db, config: Config, log?: FastifyBaseLogger): Promise<KsefConfig | null> {
  const row = await getCompanySettingsRow(db);
  if (row?.ksefEnvironment && row.ksefTokenEncrypted) return settingsConfig(row, config, log);
  if (config.ksefUrl && config.ksefToken) {
    return {
      source: 'ENVIRONMENT',
      baseUrl: config.ksefUrl,
      ksefToken: config.ksefToken,
      contextNip: null,
      environment: environmentOfUrl(config.ksefUrl),
    };
  }
  return null;
}

/**
 * The environment whose QR host printed invoices point at (KSeF docs `kody-qr.md`): the configured one; production
 * when none is, so a printed invoice verifies where real invoices live.
 */
export async function qrEnvironment(db: Db, config: Config): Promise<KsefEnvironment> {
  const row = await getCompanySettingsRow(db);
  if (row?.ksefEnvironment) return ENVIRONMENT_OF[row.ksefEnvironment];
  return config.ksefUrl ? environmentOfUrl(config.ksefUrl) : 'prod';
}
