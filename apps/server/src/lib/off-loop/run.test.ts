import { describe, expect, it } from 'vitest';
import { OffLoopError, runOffLoop } from './run.js';

const FIXTURE = new URL('./run.fixture.ts', import.meta.url);

describe('runOffLoop', () => {
  it('answers what the export returns, while the server’s own timers keep running', async () => {
    const events: string[] = [];
    const answer = runOffLoop<number>(FIXTURE, 'busySum', 30_000_000).then((value) => {
      events.push('answered');
      return value;
    });
    // Run on the server's thread, the whole sum would be done before this timer could run.
    setTimeout(() => events.push('timer'), 0);
    expect(await answer).toBe(449_999_985_000_000);
    expect(events).toEqual(['timer', 'answered']);
  });

  it('gives back the error’s class name, message and fields for the caller to rebuild', async () => {
    const error = await runOffLoop(FIXTURE, 'refuse', 7).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(OffLoopError);
    expect(error).toMatchObject({ kind: 'FixtureError', message: 'Wiersz 7: zły', fields: { line: 7 } });
  });
});
