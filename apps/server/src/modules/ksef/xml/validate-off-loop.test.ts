import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { watchEventLoop } from '../../../../test/event-loop.js';
import { createTestApp, type TestApp } from '../../../../test/harness.js';
import { buildFa3Xml } from './fa3.js';
import { PLN_CEREALS } from './fixtures.js';
import { validateXml } from './validate.js';

/**
 * XSD validation runs in its worker thread (validate.ts), never on the event loop: while large invoices are
 * validated, /api/health keeps answering. Bounded by order and by the loop's longest block, not by wall time, so a
 * loaded machine slows both sides alike.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An invoice of 200 lines (a month of trucks), its figures summed as fa3.ts checks them. */
function largeInvoiceXml(serial: number): Uint8Array {
  const line = PLN_CEREALS.lines[0]!;
  const lines = Array.from({ length: 200 }, (_, index) => ({ ...line, name: `${line.name}, kurs ${index + 1}` }));
  const netMinor = line.netMinor * lines.length;
  const vatMinor = Math.round(netMinor * 0.05);
  return buildFa3Xml({
    ...PLN_CEREALS,
    number: `FV/2026/11/${String(serial).padStart(4, '0')}`,
    lines,
    totals: [{ rate: '5', netMinor, vatMinor }],
  });
}

describe('XSD validation off the event loop', () => {
  it('answers /api/health while forty 200-line invoices are validated, before the last of them is done', async () => {
    const documents = Array.from({ length: 40 }, (_, index) => largeInvoiceXml(index + 1));
    // The worker has started and parsed the schema once; measured: the forty at once.
    expect((await validateXml(documents[0]!, 'FA')).valid).toBe(true);
    const events: string[] = [];
    const stopWatching = watchEventLoop();
    let isValidating = true;
    const health = (async () => {
      const statuses: number[] = [];
      while (isValidating && statuses.length < 500) {
        statuses.push((await t.call({ method: 'GET', url: '/api/health' })).statusCode);
        events.push('health');
        // An injected call never leaves the microtask queue: give the loop its turn (the worker's answers come by it).
        await new Promise((resolve) => setImmediate(resolve));
      }
      return statuses;
    })();
    const results = await Promise.all(
      documents.map((xml) => validateXml(xml, 'FA').finally(() => events.push('validated'))),
    );
    isValidating = false;
    const statuses = await health;
    const longestBlockMs = stopWatching();

    expect(results.map((result) => result.errors)).toEqual(documents.map(() => []));
    expect(new Set(statuses)).toEqual(new Set([200]));
    // Validated on the server thread, every health answer would wait for the whole batch; off it, health is answered
    // while the batch is still being validated (an order of events, not a time, so a busy machine cannot fail it).
    expect(events.indexOf('health')).toBeGreaterThanOrEqual(0);
    expect(events.indexOf('health')).toBeLessThan(events.lastIndexOf('validated'));
    expect(longestBlockMs).toBeLessThan(1000);
  });
});
