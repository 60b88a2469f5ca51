import {
  isLiveEventKind,
  LIVE_EVENT_CHANGE,
  LIVE_EVENT_READERS,
  LIVE_EVENT_RESYNC,
  type LiveChange,
  type LiveEventKind,
  type UserRole,
} from '@grain/shared';

/** One audited change as the database announces it (migration 0023: entity, id, user, action). */
export interface AnnouncedChange {
  entity: string;
  id: number;
  by: number | null;
  action: string;
}

/** One open stream: who reads it, until when its access token holds, and its socket. */
export interface LiveClient {
  userId: number;
  role: UserRole;
  /** Epoch milliseconds when the stream's access token expires: the stream ends then and the screen reconnects. */
  expiresAt: number;
  write: (chunk: string) => void;
  /** Bytes written but not yet taken by the socket (a reader that stopped reading). */
  backlog: () => number;
  end: () => void;
}

/**
 * Actions a kind is announced for, where not every one: a user's sign-in and sign-out change nothing another
 * screen shows.
 */
const ANNOUNCED_ACTIONS: Partial<Record<LiveEventKind, readonly string[]>> = { user: ['create', 'update'] };

/**
 * Changes to a user after which that user's streams end, so they connect again and are authenticated anew
 * (plugins/auth.ts): a new role, a deactivation, a sign-out or a new password apply to the stream at once.
 */
const REAUTHENTICATING_ACTIONS = new Set(['update', 'logout', 'change-password', 'reset-password']);

/** A reader this far behind is cut off; it reconnects and asks again (a refetch costs less than the backlog). */
const MAX_BACKLOG_BYTES = 256 * 1024;

export function parseAnnouncement(payload: string): AnnouncedChange | null {
  try {
    const note = JSON.parse(payload) as { e?: unknown; id?: unknown; by?: unknown; a?: unknown };
    if (typeof note.e !== 'string' || !Number.isInteger(note.id) || typeof note.a !== 'string') return null;
    return {
      entity: note.e,
      id: note.id as number,
      by: Number.isInteger(note.by) ? (note.by as number) : null,
      action: note.a,
    };
  } catch {
    return null;
  }
}

/** The change event streamed for an announcement, or null when no screen shows that kind of record. */
export function liveChangeOf(change: AnnouncedChange): LiveChange | null {
  if (!isLiveEventKind(change.entity)) return null;
  const actions = ANNOUNCED_ACTIONS[change.entity];
  if (actions && !actions.includes(change.action)) return null;
  return { kind: change.entity, id: change.id, by: change.by };
}

export function sseMessage(event: string, data: unknown): string {
  return `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

/** The open streams of one process: each hears the changes its reader's role may read, nothing else. */
export class LiveHub {
  readonly #clients = new Set<LiveClient>();

  constructor(readonly maxClients: number) {}

  get size(): number {
    return this.#clients.size;
  }

  isFull(): boolean {
    return this.#clients.size >= this.maxClients;
  }

  add(client: LiveClient): void {
    this.#clients.add(client);
  }

  remove(client: LiveClient): void {
    this.#clients.delete(client);
  }

  announce(change: AnnouncedChange): void {
    if (change.entity === 'user' && REAUTHENTICATING_ACTIONS.has(change.action))
      this.#endWhere((c) => c.userId === change.id);
    const event = liveChangeOf(change);
    if (!event) return;
    const readers = LIVE_EVENT_READERS[event.kind];
    const message = sseMessage(LIVE_EVENT_CHANGE, event);
    for (const client of this.#clients) if (readers.includes(client.role)) this.#send(client, message);
  }

  /** The feed broke and listens again: every screen asks again for what it shows. */
  resync(): void {
    const message = sseMessage(LIVE_EVENT_RESYNC, {});
    for (const client of this.#clients) this.#send(client, message);
  }

  /** A comment line keeps proxies and the browser from closing an idle stream; expired tokens end here. */
  heartbeat(now = Date.now()): void {
    this.#endWhere((client) => client.expiresAt <= now);
    for (const client of this.#clients) this.#send(client, ': ping\n\n');
  }

  endAll(): void {
    this.#endWhere(() => true);
  }

  #send(client: LiveClient, message: string): void {
    if (client.backlog() > MAX_BACKLOG_BYTES) {
      this.#clients.delete(client);
      client.end();
      return;
    }
    client.write(message);
  }

  #endWhere(isEnded: (client: LiveClient) => boolean): void {
    for (const client of [...this.#clients]) {
      if (!isEnded(client)) continue;
      this.#clients.delete(client);
      client.end();
    }
  }
}
