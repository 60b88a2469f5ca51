import { type FieldError, toCamelKeys } from '@grain/shared';
import { showToast } from '../components/toasts';
import { i18n, messageCodeText } from '../i18n';
import { takeEarlyAnswer, takeEarlyBody } from './early-answers';
import { REQUEST_TIMEOUT_MS, type RequestShape, requestOf } from './request';
import { tokens } from './tokens';

/** A refused or failed call: HTTP status (0 when no answer), catalogue code and per-field errors. */
export class ApiError extends Error {
  /** The client already told the user (the 404 page): no toast, no message under a field. */
  isShownAsPage = false;

  constructor(
    readonly status: number,
    readonly messageCode: string,
    readonly errors: FieldError[] = [],
  ) {
    super(messageCode);
  }
}

export interface RequestOptions extends RequestShape {
  /** Do not show the error toast (the caller shows its own, or the spec says nothing is shown). */
  silent?: boolean;
  /** 404 answers stay with the caller instead of leading to the 404 page. */
  keepNotFound?: boolean;
  signal?: AbortSignal;
}

type Navigate = (path: string, options?: { replace?: boolean }) => void;
let navigate: Navigate = (path, options) =>
  options?.replace ? window.location.replace(path) : window.location.assign(path);
let onSignedOut: () => void = () => {};

/** The router and session plug in here so the client can send people to /login or /404. */
export function connectClient(options: { navigate: Navigate; onSignedOut: () => void }) {
  navigate = options.navigate;
  onSignedOut = options.onSignedOut;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const early = await takeEarlyAnswer(path, options);
  if (early) return early;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), REQUEST_TIMEOUT_MS);
  options.signal?.addEventListener('abort', () => controller.abort());
  const { url, init } = requestOf(path, options);
  try {
    return await fetch(url, { ...init, signal: controller.signal });
  } catch {
    // The caller gave up (TanStack Query cancels queries nobody uses any more): not a failure to report.
    if (options.signal?.aborted) throw new ApiError(0, 'ABORTED', []);
    throw new ApiError(0, controller.signal.aborted ? 'TIMEOUT' : 'NETWORK', []);
  } finally {
    clearTimeout(timer);
  }
}

let refreshing: Promise<boolean> | null = null;

/**
 * One refresh at a time; every call that got 401 meanwhile waits for the same answer. The live stream
 * (lib/live) refreshes through it too when its access token has expired.
 */
export function refreshTokens(): Promise<boolean> {
  refreshing ??= (async () => {
    const refreshToken = tokens.refresh();
    if (!refreshToken) return false;
    const response = await send('/auth/refresh-token', { method: 'POST', body: { refreshToken } }).catch(() => null);
    if (!response?.ok) return false;
    const body = toCamelKeys<{ token: string; refreshToken: string }>(await response.json());
    tokens.store(body.token, body.refreshToken);
    return true;
  })().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

export function signOutLocally() {
  tokens.clear();
  onSignedOut();
  if (!window.location.pathname.startsWith('/login')) navigate('/login');
}

async function errorOf(response: Response): Promise<ApiError> {
  const body = await response.json().catch(() => null);
  const camel = body ? toCamelKeys<{ messageCode?: string; errors?: FieldError[] }>(body) : null;
  return new ApiError(response.status, camel?.messageCode ?? 'INTERNAL_ERROR', camel?.errors ?? []);
}

export function showErrorToast(error: unknown) {
  if (error instanceof ApiError && error.isShownAsPage) return;
  const code = error instanceof ApiError ? error.messageCode : 'INTERNAL_ERROR';
  const title =
    code === 'TIMEOUT'
      ? i18n.t('errors.timeout')
      : code === 'NETWORK'
        ? i18n.t('errors.network')
        : messageCodeText(code);
  showToast('error', { title });
}

/** The longest the client waits on a Retry-After before its one repeat of a GET; without one it waits a second. */
export const MAX_RETRY_WAIT_MS = 5_000;
const DEFAULT_RETRY_WAIT_MS = 1_000;

function retryWaitMs(response: Response): number {
  const seconds = Number(response.headers.get('Retry-After') ?? Number.NaN);
  if (!Number.isFinite(seconds) || seconds < 0) return DEFAULT_RETRY_WAIT_MS;
  return Math.min(seconds * 1000, MAX_RETRY_WAIT_MS);
}

function wait(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(new ApiError(0, 'ABORTED', []));
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(new ApiError(0, 'ABORTED', []));
      },
      { once: true },
    );
  });
}

/**
 * A 503 (the database restarting, spec/2 MISSING_DATABASE) is a moment: a GET, which changes nothing, is asked once
 * more after the server's Retry-After (at most MAX_RETRY_WAIT_MS). Writes are never repeated by the client.
 */
async function sendWithRetry(path: string, options: RequestOptions): Promise<Response> {
  const response = await send(path, options);
  if (response.status !== 503 || (options.method ?? 'GET') !== 'GET') return response;
  await response.body?.cancel();
  await wait(retryWaitMs(response), options.signal);
  return send(path, options);
}

/**
 * spec/2 section 7: "On 404 it goes to the 404 page", for every method. A GET that finds nothing stands for the
 * screen that asked (the record is gone): the 404 page takes its place in the history. A refused write leaves the
 * screen where it was made in the history, so the 404 page's back button returns to it.
 */
function showNotFoundPage(error: ApiError, options: RequestOptions) {
  const isRead = (options.method ?? 'GET') === 'GET';
  error.isShownAsPage = true;
  navigate('/404', { replace: isRead });
}

/** The one HTTP client (spec/2 section 7, General rules). */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await sendWithRetry(path, options);
    const isAuthCall = path.startsWith('/auth/login') || path.startsWith('/auth/refresh-token');
    if (response.status === 401 && !isAuthCall) {
      if (await refreshTokens()) response = await sendWithRetry(path, options);
      if (response.status === 401) {
        signOutLocally();
        throw await errorOf(response);
      }
    }
    if (!response.ok) {
      const error = await errorOf(response);
      if (response.status === 404 && !options.keepNotFound) showNotFoundPage(error, options);
      throw error;
    }
  } catch (error) {
    const isQuiet = error instanceof ApiError && (error.status === 401 || error.messageCode === 'ABORTED');
    if (!options.silent && !isQuiet) showErrorToast(error);
    throw error;
  }
  if (options.responseType === 'blob') return (await response.blob()) as T;
  if (response.status === 204) return undefined as T;
  return toCamelKeys<T>(await response.json());
}

/** The early answer to this call if it is already here (api/early-answers.ts), as apiRequest answers it. */
export function settledEarlyAnswer<T>(path: string, options: RequestOptions = {}): T | undefined {
  const body = takeEarlyBody(path, options);
  return body === undefined ? undefined : toCamelKeys<T>(body);
}

/** Saves a blob answer as a file (exports). */
export function saveBlob(blob: Blob, fileName: string) {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
