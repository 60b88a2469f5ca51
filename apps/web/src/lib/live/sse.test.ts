import { describe, expect, it } from 'vitest';
import { reconnectDelayMs } from './connection';
import { createSseParser, type SseEvent } from './sse';

describe('the live stream parser', () => {
  it('reads events split anywhere, skips comments and keeps the retry hint', () => {
    const events: SseEvent[] = [];
    const parser = createSseParser((event) => events.push(event));
    const text = 'retry: 2000\n: connected\n\nevent: change\ndata: {"kind":"transport","id":7,"by":2}\n\n: ping\n\n';
    for (const piece of text.match(/.{1,5}/gs) ?? []) parser.push(piece);
    expect(events).toEqual([{ event: 'change', data: '{"kind":"transport","id":7,"by":2}' }]);
    expect(parser.retryMs()).toBe(2000);
  });

  it('ends lines at CRLF as at LF, joins data lines and names an unnamed event "message"', () => {
    const events: SseEvent[] = [];
    const parser = createSseParser((event) => events.push(event));
    parser.push('data: a\r\ndata: b\r\n\r\nevent: resync\ndata: {}\n\n');
    expect(events).toEqual([
      { event: 'message', data: 'a\nb' },
      { event: 'resync', data: '{}' },
    ]);
  });

  it('waits longer after each failed connect, up to half a minute', () => {
    expect([0, 1, 2, 3, 10].map((attempt) => reconnectDelayMs(attempt, 0.5))).toEqual([
      1_000, 2_000, 4_000, 8_000, 30_000,
    ]);
  });
});
