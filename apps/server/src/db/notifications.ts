import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from './client.js';

/** What a listening session tells its owner: a notification's payload, a lost session, a session back. */
export interface NotificationHandlers {
  onPayload: (payload: string) => void;
  /** The session listens again after a break: notifications sent meanwhile are lost. */
  onResumed: () => void;
}

export interface Listening {
  close: () => Promise<void>;
}

/** Waits after the n-th failed attempt to listen again: 0.25 s doubling up to 10 s. */
export function reconnectDelayMs(attempt: number): number {
  return Math.min(250 * 2 ** attempt, 10_000);
}

/**
 * LISTEN on `channel` of the database behind `db`. PostgreSQL: one session of its own outside the pool (a pooled
 * session would be handed to other calls), opened again with back-off when it breaks (a database restart).
 * Embedded PGlite: its own listen on the one in-process session, which hears its own commits.
 */
export async function listenOnDatabase(db: Db, channel: string, handlers: NotificationHandlers): Promise<Listening> {
  const client = (db as unknown as { $client: unknown }).$client;
  if (client instanceof PGlite) {
    const unlisten = await client.listen(channel, handlers.onPayload);
    return { close: () => unlisten() };
  }
  if (client instanceof pg.Pool) return listenOnPostgres(client, channel, handlers);
  throw new Error('listenOnDatabase: neither a PGlite nor a pg.Pool database');
}

async function listenOnPostgres(pool: pg.Pool, channel: string, handlers: NotificationHandlers): Promise<Listening> {
  let session: pg.Client | null = null;
  let isClosed = false;
  let retry: NodeJS.Timeout | null = null;

  const open = async () => {
    const client = new pg.Client({ ...pool.options, application_name: 'grain-live', keepAlive: true });
    client.on('notification', (message) => {
      if (message.channel === channel && message.payload) handlers.onPayload(message.payload);
    });
    // A broken session emits 'error' and then 'end'; either starts the one reconnect.
    client.on('error', () => lost(client));
    client.on('end', () => lost(client));
    await client.connect();
    await client.query(`LISTEN ${channel}`);
    return client;
  };

  const lost = (client: pg.Client) => {
    if (session !== client || isClosed) return;
    session = null;
    void client.end().catch(() => {});
    reconnect(0);
  };

  const reconnect = (attempt: number) => {
    retry = setTimeout(async () => {
      retry = null;
      if (isClosed) return;
      try {
        const client = await open();
        if (isClosed) return void (await client.end().catch(() => {}));
        session = client;
        handlers.onResumed();
      } catch {
        reconnect(attempt + 1);
      }
    }, reconnectDelayMs(attempt));
    retry.unref();
  };

  session = await open();
  return {
    close: async () => {
      isClosed = true;
      if (retry) clearTimeout(retry);
      const client = session;
      session = null;
      await client?.end().catch(() => {});
    },
  };
}
