import http from 'node:http';

/** One event of a live stream as the browser would see it. */
export interface StreamEvent {
  event: string;
  data: unknown;
  /** When it arrived (performance.now()), for delivery times. */
  at: number;
}

export interface LiveStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: StreamEvent[];
  /** The `retry:` hint and the heartbeat comments seen so far. */
  retryMs: number | null;
  comments: string[];
  /** Resolves with the first event (already here or still to come) that matches, or fails after `timeoutMs`. */
  next: (isWanted: (event: StreamEvent) => boolean, timeoutMs?: number) => Promise<StreamEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close: () => void;
}

/**
 * GET /api/events on a listening server, read as Server-Sent Events. Resolves once the first bytes are here: the
 * server writes them after its process listens on the database, so a change made after that is heard.
 */
export function openLiveStream(baseUrl: string, token: string | null): Promise<LiveStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(`${baseUrl}/api/events`, {
      headers: { accept: 'text/event-stream', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    });
    request.on('error', reject);
    request.on('response', (response) => {
      const waiting: { isWanted: (event: StreamEvent) => boolean; done: (event: StreamEvent) => void }[] = [];
      let buffer = '';
      let endStream = () => {};
      const stream: LiveStream = {
        status: response.statusCode ?? 0,
        headers: response.headers,
        events: [],
        retryMs: null,
        comments: [],
        next: (isWanted, timeoutMs = 5_000) => {
          const found = stream.events.find(isWanted);
          if (found) return Promise.resolve(found);
          return new Promise((done, fail) => {
            const timer = setTimeout(() => fail(new Error(`no such event in ${timeoutMs} ms`)), timeoutMs);
            waiting.push({
              isWanted,
              done: (event) => {
                clearTimeout(timer);
                done(event);
              },
            });
          });
        },
        ended: new Promise((done) => {
          endStream = done;
        }),
        close: () => request.destroy(),
      };
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let end = buffer.indexOf('\n\n');
        while (end >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const event = parseBlock(stream, block);
          if (event) {
            stream.events.push(event);
            for (const wait of waiting.filter((w) => w.isWanted(event))) {
              waiting.splice(waiting.indexOf(wait), 1);
              wait.done(event);
            }
          }
          end = buffer.indexOf('\n\n');
        }
      });
      response.on('end', () => endStream());
      response.on('close', () => endStream());
      if (response.statusCode !== 200) {
        resolve(stream);
        return;
      }
      response.once('data', () => resolve(stream));
    });
  });
}

function parseBlock(stream: LiveStream, block: string): StreamEvent | null {
  let event = 'message';
  let data: string | null = null;
  for (const line of block.split('\n')) {
    if (line.startsWith(':')) stream.comments.push(line.slice(1).trim());
    else if (line.startsWith('retry:')) stream.retryMs = Number(line.slice(6).trim());
    else if (line.startsWith('event:')) event = line.slice(6).trim();
    else if (line.startsWith('data:')) data = (data === null ? '' : `${data}\n`) + line.slice(5).trim();
  }
  if (data === null) return null;
  return { event, data: JSON.parse(data), at: performance.now() };
}
