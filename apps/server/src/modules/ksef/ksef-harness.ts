import { expect } from 'vitest';
import { type FakeKsef, startFakeKsef } from '../../../tools/ksef-fake/server.js';
import { KsefAccess } from './access.js';
import { createKsefClient, type KsefClient, type KsefClientOptions } from './client.js';
import { SELLER_NIP } from './xml/fixtures.js';

/**
 * Test helpers (test-only): the fake KSeF started for real on a free port, a client pointed at it with a clock the
 * test moves and a sleep that only records how long it would have waited (no test sleeps), and the company's
 * credentials the fake knows.
 */
export const KSEF_TOKEN = 'test-ksef-token-5265877635';
export const CREDENTIALS = { nip: SELLER_NIP, ksefToken: KSEF_TOKEN };

export interface KsefHarness {
  fake: FakeKsef;
  client: KsefClient;
  access: KsefAccess;
  /** Every wait the client asked for, in ms. */
  sleeps: number[];
  clock: { now: Date };
  close(): Promise<void>;
}

export async function startKsefHarness(clientOptions: Partial<KsefClientOptions> = {}): Promise<KsefHarness> {
  const clock = { now: new Date('2026-11-20T10:00:00Z') };
  const now = () => clock.now;
  const fake = await startFakeKsef({ now, ksefTokens: [{ nip: SELLER_NIP, token: KSEF_TOKEN }], logViolations: false });
  const sleeps: number[] = [];
  const client = createKsefClient({
    baseUrl: fake.url,
    now,
    sleep: async (ms) => {
      sleeps.push(ms);
    },
    ...clientOptions,
  });
  return {
    fake,
    client,
    access: new KsefAccess(client, CREDENTIALS),
    sleeps,
    clock,
    close: async () => {
      // Every request the fake took and every answer it gave matched the official OpenAPI document.
      const violations = fake.control.violations();
      await fake.close();
      expect(violations).toEqual([]);
    },
  };
}

/** The operations the fake answered, in order, e.g. `200 POST /auth/token/refresh`. */
export function answered(fake: FakeKsef): string[] {
  return fake.control.requests().map((request) => `${request.status} ${request.operation ?? request.url}`);
}
