import { REQUEST_TIMEOUT_MS, type RequestShape, requestOf } from './request';

/**
 * The first screen's calls, asked for by early.ts while the app's own code still downloads. The client
 * takes an answer here for the identical request (same URL, body and token), once; anything but a 2xx answer is
 * dropped and the client asks again the usual way (401 refresh, error toasts). An answer nobody took soon after the
 * start is not used any more: by then it may be stale.
 */
const FRESH_MS = 10_000;

interface EarlyAnswer {
  response: Promise<Response | null>;
  startedAt: number;
  /** A 2xx answer's body, parsed as soon as it came (undefined until then, or for any other answer). */
  body?: unknown;
}

// early.ts is built apart from the app (its own small script), so the two meet on the window, not in a module.
const holder = globalThis as { grainEarlyAnswers?: Map<string, EarlyAnswer> };
holder.grainEarlyAnswers ??= new Map();
const answers = holder.grainEarlyAnswers;

function keyOf({ url, init }: ReturnType<typeof requestOf>): string {
  const headers = init.headers as Record<string, string>;
  return JSON.stringify([init.method, url, init.body ?? null, headers.Authorization ?? null, headers.Accept]);
}

export function startEarlyRequest(path: string, options: RequestShape = {}) {
  const request = requestOf(path, options);
  const response = fetch(request.url, { ...request.init, signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS) }).catch(
    () => null,
  );
  const early: EarlyAnswer = { response, startedAt: performance.now() };
  answers.set(keyOf(request), early);
  // Parsed while the app's code still downloads, so the first screen can render with it at once (takeEarlyBody).
  void response
    .then(async (answer) => {
      if (answer?.ok && answer.status !== 204) early.body = await answer.clone().json();
    })
    .catch(() => {});
}

/**
 * The parsed body of the early answer to this request if it is already here (2xx, fresh), taken once as
 * takeEarlyAnswer takes it; undefined otherwise. A list's first render then has its rows instead of rendering empty
 * and again a few ticks later (the logistics page).
 */
export function takeEarlyBody(path: string, options: RequestShape): unknown {
  if (answers.size === 0) return undefined;
  const key = keyOf(requestOf(path, options));
  const early = answers.get(key);
  if (early?.body === undefined || performance.now() - early.startedAt > FRESH_MS) return undefined;
  answers.delete(key);
  return early.body;
}

/** The early answer to this request, if one was asked for and came back 2xx; null otherwise. */
export async function takeEarlyAnswer(path: string, options: RequestShape): Promise<Response | null> {
  if (answers.size === 0) return null;
  const key = keyOf(requestOf(path, options));
  const early = answers.get(key);
  if (!early) return null;
  answers.delete(key);
  if (performance.now() - early.startedAt > FRESH_MS) return null;
  const response = await early.response;
  return response?.ok ? response : null;
}
