import { LIVE_EVENT_CHANGE, LIVE_EVENT_RESYNC, type LiveChange } from '@grain/shared';
import { refreshTokens } from '../../api/client';
import { tokens } from '../../api/tokens';
import { createSseParser } from './sse';

export interface LiveHandlers {
  onChange: (change: LiveChange) => void;
  /** Changes may have been missed (the stream was down, or the server's feed was): ask again for what is shown. */
  onResync: () => void;
  onState: (state: 'connecting' | 'connected') => void;
}

/** Waits before the n-th reconnect attempt in a row: 1 s doubling up to 30 s, with a fifth of jitter. */
export function reconnectDelayMs(attempt: number, random = Math.random()): number {
  const base = Math.min(1_000 * 2 ** attempt, 30_000);
  return Math.round(base * (0.8 + 0.4 * random));
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/** Reads one open stream until it ends; answers whether it was connected at all. */
async function readStream(response: Response, handlers: LiveHandlers): Promise<number | null> {
  const parser = createSseParser(({ event, data }) => {
    if (event === LIVE_EVENT_CHANGE) handlers.onChange(JSON.parse(data) as LiveChange);
    else if (event === LIVE_EVENT_RESYNC) handlers.onResync();
  });
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return parser.retryMs();
    parser.push(value);
  }
}

/**
 * The tab's one live stream (GET /api/events), read with fetch so it carries the bearer header like every call.
 * It connects again whenever the stream ends (the token expired, the server stopped, the network dropped): after
 * the server's `retry:` hint, with back-off while attempts fail, after a refresh when the token was refused; every
 * reconnect asks again for what is shown, since changes made meanwhile were not heard. Answers the stop function.
 */
export function connectLive(handlers: LiveHandlers): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  void (async () => {
    let failures = 0;
    let hasBeenConnected = false;
    handlers.onState('connecting');
    while (!signal.aborted) {
      let waitMs = reconnectDelayMs(failures);
      try {
        const access = tokens.access();
        if (!access) return;
        const response = await fetch('/api/events', {
          headers: { Accept: 'text/event-stream', Authorization: `Bearer ${access}` },
          credentials: 'omit',
          cache: 'no-store',
          signal,
        });
        if (response.status === 401) {
          await response.body?.cancel();
          // A refused refresh signs the tab out through the next call; the stream stops meanwhile.
          if (await refreshTokens()) continue;
          return;
        }
        if (!response.ok || !response.body) {
          await response.body?.cancel();
          const retryAfter = Number(response.headers.get('Retry-After'));
          if (Number.isFinite(retryAfter) && retryAfter > 0) waitMs = Math.max(waitMs, retryAfter * 1000);
          failures += 1;
        } else {
          handlers.onState('connected');
          if (hasBeenConnected) handlers.onResync();
          hasBeenConnected = true;
          failures = 0;
          waitMs = (await readStream(response, handlers)) ?? reconnectDelayMs(0);
        }
      } catch {
        if (signal.aborted) return;
        failures += 1;
        // Whatever was shown may have changed while the stream was down: the next connection resyncs.
      }
      handlers.onState('connecting');
      await sleep(waitMs, signal);
    }
  })();
  return () => controller.abort();
}
