/** One Server-Sent Event: its name (`message` when the server names none) and its data lines joined. */
export interface SseEvent {
  event: string;
  data: string;
}

export interface SseParser {
  /** Text as it arrives (any split); calls back once per complete event. */
  push: (text: string) => void;
  /** The server's `retry:` hint in milliseconds, when it sent one. */
  retryMs: () => number | null;
}

/**
 * The parts of the SSE format (WHATWG HTML, Server-sent events) the live stream uses: `event:`, `data:`, `retry:`
 * and comment lines, events ended by a blank line, LF or CRLF. The stream is read with fetch (it sends the bearer
 * header, which EventSource cannot), so the parsing EventSource would do is done here.
 */
export function createSseParser(onEvent: (event: SseEvent) => void): SseParser {
  let buffer = '';
  let event = '';
  let data: string[] = [];
  let retry: number | null = null;

  const line = (text: string) => {
    if (text === '') {
      if (data.length > 0) onEvent({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (text.startsWith(':')) return;
    const colon = text.indexOf(':');
    const field = colon < 0 ? text : text.slice(0, colon);
    const value = colon < 0 ? '' : text.slice(colon + 1).replace(/^ /, '');
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    else if (field === 'retry' && /^\d+$/.test(value)) retry = Number(value);
  };

  return {
    push(text) {
      buffer += text;
      let end = buffer.search(/\r?\n/);
      while (end >= 0) {
        const isCrLf = buffer[end] === '\r';
        line(buffer.slice(0, end));
        buffer = buffer.slice(end + (isCrLf ? 2 : 1));
        end = buffer.search(/\r?\n/);
      }
    },
    retryMs: () => retry,
  };
}
