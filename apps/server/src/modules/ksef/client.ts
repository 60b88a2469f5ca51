import type { z } from 'zod';
import {
  type AuthenticationChallengeResponse,
  type AuthenticationInitResponse,
  type AuthenticationOperationStatusResponse,
  type AuthenticationTokenRefreshResponse,
  type AuthenticationTokensResponse,
  authenticationChallengeResponseSchema,
  authenticationInitResponseSchema,
  authenticationOperationStatusResponseSchema,
  authenticationTokenRefreshResponseSchema,
  authenticationTokensResponseSchema,
  type InitTokenAuthenticationRequest,
  type InvoiceExportRequest,
  type InvoiceExportStatusResponse,
  type InvoiceQueryFilters,
  invoiceExportStatusResponseSchema,
  type OpenOnlineSessionRequest,
  type OpenOnlineSessionResponse,
  openOnlineSessionResponseSchema,
  type PublicKeyCertificate,
  publicKeyCertificatesSchema,
  type QueryInvoicesMetadataResponse,
  queryInvoicesMetadataResponseSchema,
  referenceNumberResponseSchema,
  type SendInvoiceRequest,
  type SessionInvoiceStatusResponse,
  type SessionStatusResponse,
  sessionInvoiceStatusResponseSchema,
  sessionStatusResponseSchema,
} from './api-types.js';
import { KSEF_API_BASE_URLS, type KsefEnvironment } from './environments.js';
import {
  exceptionsOfBody,
  KsefProtocolError,
  KsefRateLimitedError,
  KsefRequestError,
  KsefServerError,
  KsefUnauthorizedError,
  KsefUnreachableError,
  problemDetailOf,
} from './errors.js';

/**
 * A typed client of the KSeF API 2.0 over Node's fetch: one method per call the product uses, with the OpenAPI
 * document's paths, fields and success statuses. Every call has a time-out; failures become the typed errors of
 * `errors.ts`. A 429 is waited out here when its `Retry-After` is short (a few times at most), through the injected
 * `sleep`, so tests never wait; a longer one is handed to the caller as `KsefRateLimitedError`.
 *
 * Tokens are the caller's: `KsefAccess` (access.ts) holds them, refreshes them and authenticates again.
 */
export interface KsefClientOptions {
  /** Which KSeF; `baseUrl` overrides it (the fake KSeF: `http://127.0.0.1:3900/v2`). */
  environment?: KsefEnvironment;
  baseUrl?: string;
  /** Per call, default 30 s. */
  timeoutMs?: number;
  /** Waits for Retry-After and between polls; tests pass one that does not wait. */
  sleep?: (ms: number) => Promise<void>;
  now?: () => Date;
  /** The longest Retry-After waited out in the client (default 60 s); longer ones are thrown. */
  maxRateLimitWaitMs?: number;
  /** How many 429s in a row one call waits out before it throws (default 3). */
  maxRateLimitRetries?: number;
  fetch?: typeof fetch;
}

export const defaultSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const DEFAULT_RETRY_AFTER_MS = 1000;

type Accept = 'json' | 'xml' | 'bytes' | 'none';
interface Call<T> {
  method: 'GET' | 'POST';
  /** Path under the base URL, or a full URL (export parts are fetched from the URL KSeF gives). */
  path: string;
  /** The OpenAPI operation, e.g. `GET /auth/{referenceNumber}`, for errors and logs. */
  operation: string;
  token?: string;
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  accept: Accept;
  schema?: z.ZodType<T>;
}

export class KsefClient {
  readonly baseUrl: string;
  readonly sleep: (ms: number) => Promise<void>;
  readonly now: () => Date;
  private readonly timeoutMs: number;
  private readonly maxRateLimitWaitMs: number;
  private readonly maxRateLimitRetries: number;
  private readonly fetch: typeof fetch;

  constructor(options: KsefClientOptions) {
    const baseUrl = options.baseUrl ?? (options.environment ? KSEF_API_BASE_URLS[options.environment] : null);
    if (!baseUrl) throw new Error('KSeF client needs an environment or a base URL');
    this.baseUrl = baseUrl.replace(/\/+$/, '');
    this.sleep = options.sleep ?? defaultSleep;
    this.now = options.now ?? (() => new Date());
    this.timeoutMs = options.timeoutMs ?? 30_000;
    this.maxRateLimitWaitMs = options.maxRateLimitWaitMs ?? 60_000;
    this.maxRateLimitRetries = options.maxRateLimitRetries ?? 3;
    this.fetch = options.fetch ?? fetch;
  }

  // Authentication (uwierzytelnianie.md).

  authChallenge(): Promise<AuthenticationChallengeResponse> {
    return this.call({
      method: 'POST',
      path: '/auth/challenge',
      operation: 'POST /auth/challenge',
      accept: 'json',
      schema: authenticationChallengeResponseSchema,
    });
  }

  authWithKsefToken(body: InitTokenAuthenticationRequest): Promise<AuthenticationInitResponse> {
    return this.call({
      method: 'POST',
      path: '/auth/ksef-token',
      operation: 'POST /auth/ksef-token',
      body,
      accept: 'json',
      schema: authenticationInitResponseSchema,
    });
  }

  /** Bearer: the `authenticationToken` of the init answer. */
  authStatus(referenceNumber: string, authenticationToken: string): Promise<AuthenticationOperationStatusResponse> {
    return this.call({
      method: 'GET',
      path: `/auth/${encodeURIComponent(referenceNumber)}`,
      operation: 'GET /auth/{referenceNumber}',
      token: authenticationToken,
      accept: 'json',
      schema: authenticationOperationStatusResponseSchema,
    });
  }

  /** Bearer: the `authenticationToken`; answers once per authentication. */
  redeemTokens(authenticationToken: string): Promise<AuthenticationTokensResponse> {
    return this.call({
      method: 'POST',
      path: '/auth/token/redeem',
      operation: 'POST /auth/token/redeem',
      token: authenticationToken,
      accept: 'json',
      schema: authenticationTokensResponseSchema,
    });
  }

  /** Bearer: the refresh token. */
  refreshAccessToken(refreshToken: string): Promise<AuthenticationTokenRefreshResponse> {
    return this.call({
      method: 'POST',
      path: '/auth/token/refresh',
      operation: 'POST /auth/token/refresh',
      token: refreshToken,
      accept: 'json',
      schema: authenticationTokenRefreshResponseSchema,
    });
  }

  publicKeyCertificates(): Promise<PublicKeyCertificate[]> {
    return this.call({
      method: 'GET',
      path: '/security/public-key-certificates',
      operation: 'GET /security/public-key-certificates',
      accept: 'json',
      schema: publicKeyCertificatesSchema,
    });
  }

  // Online sessions (sesja-interaktywna.md, faktury/sesje/sesja-sprawdzenie-stanu-i-pobranie-upo.md).

  openOnlineSession(accessToken: string, body: OpenOnlineSessionRequest): Promise<OpenOnlineSessionResponse> {
    return this.call({
      method: 'POST',
      path: '/sessions/online',
      operation: 'POST /sessions/online',
      token: accessToken,
      body,
      accept: 'json',
      schema: openOnlineSessionResponseSchema,
    });
  }

  async sendInvoice(accessToken: string, sessionReference: string, body: SendInvoiceRequest): Promise<string> {
    const answer = await this.call({
      method: 'POST',
      path: `/sessions/online/${encodeURIComponent(sessionReference)}/invoices`,
      operation: 'POST /sessions/online/{referenceNumber}/invoices',
      token: accessToken,
      body,
      accept: 'json',
      schema: referenceNumberResponseSchema,
    });
    return answer.referenceNumber;
  }

  invoiceStatus(
    accessToken: string,
    sessionReference: string,
    invoiceReference: string,
  ): Promise<SessionInvoiceStatusResponse> {
    return this.call({
      method: 'GET',
      path: `/sessions/${encodeURIComponent(sessionReference)}/invoices/${encodeURIComponent(invoiceReference)}`,
      operation: 'GET /sessions/{referenceNumber}/invoices/{invoiceReferenceNumber}',
      token: accessToken,
      accept: 'json',
      schema: sessionInvoiceStatusResponseSchema,
    });
  }

  /** The UPO (official receipt) of one accepted invoice, XML as KSeF sends it. */
  invoiceUpo(accessToken: string, sessionReference: string, invoiceReference: string): Promise<string> {
    return this.call({
      method: 'GET',
      path: `/sessions/${encodeURIComponent(sessionReference)}/invoices/${encodeURIComponent(invoiceReference)}/upo`,
      operation: 'GET /sessions/{referenceNumber}/invoices/{invoiceReferenceNumber}/upo',
      token: accessToken,
      accept: 'xml',
    });
  }

  invoiceUpoByKsefNumber(accessToken: string, sessionReference: string, ksefNumber: string): Promise<string> {
    return this.call({
      method: 'GET',
      path: `/sessions/${encodeURIComponent(sessionReference)}/invoices/ksef/${encodeURIComponent(ksefNumber)}/upo`,
      operation: 'GET /sessions/{referenceNumber}/invoices/ksef/{ksefNumber}/upo',
      token: accessToken,
      accept: 'xml',
    });
  }

  sessionStatus(accessToken: string, sessionReference: string): Promise<SessionStatusResponse> {
    return this.call({
      method: 'GET',
      path: `/sessions/${encodeURIComponent(sessionReference)}`,
      operation: 'GET /sessions/{referenceNumber}',
      token: accessToken,
      accept: 'json',
      schema: sessionStatusResponseSchema,
    });
  }

  async closeOnlineSession(accessToken: string, sessionReference: string): Promise<void> {
    await this.call({
      method: 'POST',
      path: `/sessions/online/${encodeURIComponent(sessionReference)}/close`,
      operation: 'POST /sessions/online/{referenceNumber}/close',
      token: accessToken,
      accept: 'none',
    });
  }

  // Received invoices (pobieranie-faktur/*.md).

  queryInvoiceMetadata(
    accessToken: string,
    filters: InvoiceQueryFilters,
    page: { pageOffset?: number; pageSize?: number; sortOrder?: 'Asc' | 'Desc' } = {},
  ): Promise<QueryInvoicesMetadataResponse> {
    return this.call({
      method: 'POST',
      path: '/invoices/query/metadata',
      operation: 'POST /invoices/query/metadata',
      token: accessToken,
      query: page,
      body: filters,
      accept: 'json',
      schema: queryInvoicesMetadataResponseSchema,
    });
  }

  async startInvoiceExport(accessToken: string, body: InvoiceExportRequest): Promise<string> {
    const answer = await this.call({
      method: 'POST',
      path: '/invoices/exports',
      operation: 'POST /invoices/exports',
      token: accessToken,
      body,
      accept: 'json',
      schema: referenceNumberResponseSchema,
    });
    return answer.referenceNumber;
  }

  invoiceExportStatus(accessToken: string, referenceNumber: string): Promise<InvoiceExportStatusResponse> {
    return this.call({
      method: 'GET',
      path: `/invoices/exports/${encodeURIComponent(referenceNumber)}`,
      operation: 'GET /invoices/exports/{referenceNumber}',
      token: accessToken,
      accept: 'json',
      schema: invoiceExportStatusResponseSchema,
    });
  }

  /** An export part from the URL the status gave: no token (the URL is pre-signed and outside the API limits). */
  downloadExportPart(url: string): Promise<Uint8Array> {
    return this.call({ method: 'GET', path: url, operation: 'GET export part', accept: 'bytes' });
  }

  /** One invoice's XML by its KSeF number, the exact bytes. */
  getInvoice(accessToken: string, ksefNumber: string): Promise<Uint8Array> {
    return this.call({
      method: 'GET',
      path: `/invoices/ksef/${encodeURIComponent(ksefNumber)}`,
      operation: 'GET /invoices/ksef/{ksefNumber}',
      token: accessToken,
      accept: 'bytes',
    });
  }

  // The one way a call is made.

  private async call<T>(call: Call<T>): Promise<T> {
    for (let attempt = 0; ; attempt++) {
      const response = await this.send(call);
      if (response.status !== 429) return this.read(call, response);
      const waitMs = this.retryAfterMs(response.headers.get('retry-after'));
      await response.body?.cancel();
      if (attempt >= this.maxRateLimitRetries || waitMs > this.maxRateLimitWaitMs) {
        throw new KsefRateLimitedError(call.operation, waitMs);
      }
      await this.sleep(waitMs);
    }
  }

  private async send(call: Call<unknown>): Promise<Response> {
    const url = new URL(/^https?:\/\//.test(call.path) ? call.path : `${this.baseUrl}${call.path}`);
    for (const [name, value] of Object.entries(call.query ?? {})) {
      if (value !== undefined) url.searchParams.set(name, String(value));
    }
    const headers: Record<string, string> = {
      accept: { json: 'application/json', xml: 'application/xml', bytes: '*/*', none: '*/*' }[call.accept],
    };
    if (call.token) headers.authorization = `Bearer ${call.token}`;
    if (call.body !== undefined) headers['content-type'] = 'application/json';
    try {
      return await this.fetch(url, {
        method: call.method,
        headers,
        body: call.body === undefined ? undefined : JSON.stringify(call.body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      const name = (error as { name?: string }).name;
      const reason = name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'connection';
      throw new KsefUnreachableError(call.operation, reason, { cause: error });
    }
  }

  private async read<T>(call: Call<T>, response: Response): Promise<T> {
    let bytes: Uint8Array;
    try {
      bytes = new Uint8Array(await response.arrayBuffer());
    } catch (error) {
      // The connection broke or the time-out fired while the body was coming.
      const name = (error as { name?: string }).name;
      const reason = name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'connection';
      throw new KsefUnreachableError(call.operation, reason, { cause: error });
    }
    if (response.status >= 500) throw new KsefServerError(call.operation, response.status);
    if (response.status === 401) throw new KsefUnauthorizedError(call.operation, problemDetailOf(bytes));
    if (response.status >= 400) throw new KsefRequestError(call.operation, response.status, exceptionsOfBody(bytes));
    if (response.status < 200 || response.status >= 300) {
      throw new KsefProtocolError(call.operation, `unexpected status ${response.status}`);
    }
    switch (call.accept) {
      case 'none':
        return undefined as T;
      case 'bytes':
        return bytes as T;
      case 'xml':
        return new TextDecoder().decode(bytes) as T;
      case 'json': {
        let json: unknown;
        try {
          json = JSON.parse(new TextDecoder().decode(bytes));
        } catch {
          throw new KsefProtocolError(call.operation, 'the answer is not JSON');
        }
        const parsed = call.schema!.safeParse(json);
        if (!parsed.success) {
          throw new KsefProtocolError(call.operation, `unexpected answer: ${parsed.error.issues[0]?.message ?? ''}`);
        }
        return parsed.data;
      }
    }
  }

  /** `Retry-After` in seconds (what KSeF sends) or as an HTTP date; missing or unreadable: one second. */
  private retryAfterMs(header: string | null): number {
    if (!header) return DEFAULT_RETRY_AFTER_MS;
    const trimmed = header.trim();
    if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
    const at = Date.parse(trimmed);
    if (Number.isNaN(at)) return DEFAULT_RETRY_AFTER_MS;
    return Math.max(0, at - this.now().getTime());
  }
}

export function createKsefClient(options: KsefClientOptions): KsefClient {
  return new KsefClient(options);
}
