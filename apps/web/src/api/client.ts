import { type FieldError, toCamelKeys } from '@grain/shared';
import { notifications } from '@mantine/notifications';
import { i18n, messageCodeText } from '../i18n';
import { takeEarlyAnswer, takeEarlyBody } from './early-answers';
import { REQUEST_TIMEOUT_MS, type RequestShape, requestOf } from './request';
import { tokens } from './tokens';

/** A refused or failed call: HTTP status (0 when no answer), catalogue code and per-field errors. */
export class ApiError extends Error {
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

type Navigate = (path: string) => void;
let navigate: Navigate = (path) => window.location.assign(path);
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

/** One refresh at a time; every call that got 401 meanwhile waits for the same answer. */
function refreshTokens(): Promise<boolean> {
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
  const code = error instanceof ApiError ? error.messageCode : 'INTERNAL_ERROR';
  const title =
    code === 'TIMEOUT'
      ? i18n.t('errors.timeout')
      : code === 'NETWORK'
        ? i18n.t('errors.network')
        : messageCodeText(code);
  notifications.show({ color: 'red', title, message: '', autoClose: 5000, withCloseButton: true });
}

/** The one HTTP client (spec/2 section 7, General rules). */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  let response: Response;
  try {
    response = await send(path, options);
    const isAuthCall = path.startsWith('/auth/login') || path.startsWith('/auth/refresh-token');
    if (response.status === 401 && !isAuthCall) {
      if (await refreshTokens()) response = await send(path, options);
      if (response.status === 401) {
        signOutLocally();
        throw await errorOf(response);
      }
    }
    if (!response.ok) {
      const error = await errorOf(response);
      if (response.status === 404 && !options.keepNotFound && (options.method ?? 'GET') === 'GET') navigate('/404');
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
