import { toSnakeKeys } from '@grain/shared';
import { tokens } from './tokens';

export const REQUEST_TIMEOUT_MS = 20_000;

/** What decides the HTTP request of a call (the rest of the client's options only change how the answer is read). */
export interface RequestShape {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, unknown>;
  responseType?: 'json' | 'blob';
}

function buildUrl(path: string, query?: Record<string, unknown>): string {
  const url = `/api${path}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(toSnakeKeys<Record<string, unknown>>(query))) {
    if (value === undefined || value === null || value === '') continue;
    params.set(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
  }
  const text = params.toString();
  return text ? `${url}?${text}` : url;
}

/** The one way a call becomes a fetch: the client and the early requests (early.ts) build the same one. */
export function requestOf(path: string, options: RequestShape): { url: string; init: RequestInit } {
  const headers: Record<string, string> = {
    Accept: options.responseType === 'blob' ? '*/*' : 'application/json',
    'Accept-Language': 'pl',
  };
  const access = tokens.access();
  if (access) headers.Authorization = `Bearer ${access}`;
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  return {
    url: buildUrl(path, options.query),
    init: {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(toSnakeKeys(options.body)),
      credentials: 'omit',
    },
  };
}
