import type { PublicKeyCertificate, PublicKeyCertificateUsage } from './api-types.js';
import type { KsefClient } from './client.js';
import { encryptKsefToken, publicKeyOfCertificate } from './crypto.js';
import { KsefOperationFailedError, KsefProtocolError, KsefRequestError, KsefUnauthorizedError } from './errors.js';

/**
 * Access to KSeF with a KSeF token (KSeF docs `uwierzytelnianie.md` 2.2): challenge → the token and the challenge's
 * timestamp encrypted with the Ministry's key → `POST /auth/ksef-token` → poll the status → redeem an access token
 * (minutes) and a refresh token (up to 7 days). `KsefAccess` holds those, refreshes the access token when it has
 * run out or KSeF answers 401, and authenticates anew when the refresh token is refused too.
 */
export interface KsefCredentials {
  /** The context: the company's NIP. */
  nip: string;
  /** The KSeF token an authorised person generated in KSeF (with InvoiceWrite / InvoiceRead). */
  ksefToken: string;
}

export interface KsefTokens {
  accessToken: string;
  accessTokenValidUntil: string;
  refreshToken: string;
  refreshTokenValidUntil: string;
}

export interface PollOptions {
  /** Between status polls, default 1 s (through the client's sleep). */
  pollIntervalMs?: number;
  /** Polls before giving up, default 30. */
  maxPolls?: number;
}

/** The Ministry's certificate for a usage, valid now; the newest when several are (key rotation). */
export function certificateFor(
  certificates: readonly PublicKeyCertificate[],
  usage: PublicKeyCertificateUsage,
  now: Date,
): PublicKeyCertificate {
  const valid = certificates
    .filter((certificate) => certificate.usage.includes(usage))
    .filter((certificate) => Date.parse(certificate.validFrom) <= now.getTime())
    .filter((certificate) => now.getTime() < Date.parse(certificate.validTo))
    .sort((a, b) => Date.parse(b.validFrom) - Date.parse(a.validFrom));
  if (!valid[0]) throw new KsefProtocolError('GET /security/public-key-certificates', `no valid ${usage} certificate`);
  return valid[0];
}

/** The whole KSeF-token authentication; answers the tokens to keep. */
export async function authenticateWithKsefToken(
  client: KsefClient,
  credentials: KsefCredentials,
  options: PollOptions = {},
): Promise<KsefTokens> {
  const certificate = certificateFor(await client.publicKeyCertificates(), 'KsefTokenEncryption', client.now());
  const challenge = await client.authChallenge();
  const init = await client.authWithKsefToken({
    challenge: challenge.challenge,
    contextIdentifier: { type: 'Nip', value: credentials.nip },
    encryptedToken: encryptKsefToken(
      publicKeyOfCertificate(certificate.certificate),
      credentials.ksefToken,
      challenge.timestampMs,
    ),
    publicKeyId: certificate.publicKeyId,
  });
  const authenticationToken = init.authenticationToken.token;
  const maxPolls = options.maxPolls ?? 30;
  for (let poll = 1; ; poll++) {
    const { status } = await client.authStatus(init.referenceNumber, authenticationToken);
    if (status.code === 200) break;
    if (status.code !== 100) {
      throw new KsefOperationFailedError(
        'GET /auth/{referenceNumber}',
        status.code,
        status.description,
        status.details ?? [],
      );
    }
    if (poll >= maxPolls) {
      throw new KsefOperationFailedError('GET /auth/{referenceNumber}', status.code, 'still in progress', []);
    }
    await client.sleep(options.pollIntervalMs ?? 1000);
  }
  const tokens = await client.redeemTokens(authenticationToken);
  return {
    accessToken: tokens.accessToken.token,
    accessTokenValidUntil: tokens.accessToken.validUntil,
    refreshToken: tokens.refreshToken.token,
    refreshTokenValidUntil: tokens.refreshToken.validUntil,
  };
}

/** Refresh a little before `validUntil`, so a call does not start with a token about to run out. */
const EXPIRY_MARGIN_MS = 30_000;

export interface KsefAccessOptions {
  /** Tokens kept from an earlier authentication (e.g. stored encrypted by the sender), else it authenticates. */
  tokens?: KsefTokens | null;
  /** Told of every new token set, to store it. */
  onTokens?: (tokens: KsefTokens) => void | Promise<void>;
  authentication?: PollOptions;
}

export class KsefAccess {
  private current: KsefTokens | null;
  /** One renewal at a time: concurrent calls that meet an expired token share it. */
  private renewing: Promise<void> | null = null;

  constructor(
    private readonly client: KsefClient,
    private readonly credentials: KsefCredentials,
    private readonly options: KsefAccessOptions = {},
  ) {
    this.current = options.tokens ?? null;
  }

  get nip(): string {
    return this.credentials.nip;
  }

  tokens(): KsefTokens | null {
    return this.current;
  }

  /**
   * Runs a call with a valid access token: refreshed first when it has run out by the client's clock; on a 401 it
   * is renewed once and the call repeated. A second 401 is thrown (`KsefUnauthorizedError`).
   */
  async call<T>(operation: (accessToken: string) => Promise<T>): Promise<T> {
    if (!this.current || this.isExpired(this.current.accessTokenValidUntil)) await this.renew(this.current);
    const used = this.current!;
    try {
      return await operation(used.accessToken);
    } catch (error) {
      if (!(error instanceof KsefUnauthorizedError)) throw error;
    }
    await this.renew(used);
    return operation(this.current!.accessToken);
  }

  /** Authenticates now (e.g. to check new settings), replacing any tokens held. */
  async authenticate(): Promise<KsefTokens> {
    await this.store(await authenticateWithKsefToken(this.client, this.credentials, this.options.authentication));
    return this.current!;
  }

  private isExpired(validUntil: string): boolean {
    return Date.parse(validUntil) - EXPIRY_MARGIN_MS <= this.client.now().getTime();
  }

  /** New tokens unless another call already renewed the ones `stale` stands for. */
  private async renew(stale: KsefTokens | null): Promise<void> {
    while (this.renewing) await this.renewing;
    if (this.current && this.current !== stale) return;
    this.renewing = this.refreshOrAuthenticate(stale).finally(() => {
      this.renewing = null;
    });
    await this.renewing;
  }

  private async refreshOrAuthenticate(stale: KsefTokens | null): Promise<void> {
    if (stale && !this.isExpired(stale.refreshTokenValidUntil)) {
      try {
        const { accessToken } = await this.client.refreshAccessToken(stale.refreshToken);
        await this.store({ ...stale, accessToken: accessToken.token, accessTokenValidUntil: accessToken.validUntil });
        return;
      } catch (error) {
        // A refresh token KSeF no longer honours (expired, revoked: 401, or 400 21301/21304): authenticate anew.
        if (!(error instanceof KsefUnauthorizedError || error instanceof KsefRequestError)) throw error;
      }
    }
    await this.authenticate();
  }

  private async store(tokens: KsefTokens): Promise<void> {
    this.current = tokens;
    await this.options.onTokens?.(tokens);
  }
}
