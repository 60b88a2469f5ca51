import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { startPeriodicWorker } from './periodic-worker.js';

function recordingLog() {
  const warnings: unknown[][] = [];
  const log = { warn: (...args: unknown[]) => warnings.push(args) } as unknown as FastifyBaseLogger;
  return { log, warnings };
}

describe('startPeriodicWorker', () => {
  it('never overlaps passes: a second runOnce joins the pass in flight', async () => {
    const { log } = recordingLog();
    let passes = 0;
    let release = () => {};
    const worker = startPeriodicWorker({
      name: 'test worker',
      intervalMs: 0,
      log,
      pass: () => {
        passes += 1;
        return new Promise<number>((resolve) => {
          release = () => resolve(7);
        });
      },
    });
    const first = worker.runOnce();
    const second = worker.runOnce();
    await expect.poll(() => passes).toBe(1);
    release();
    expect(await Promise.all([first, second])).toEqual([7, 7]);
    expect(passes).toBe(1);
    const third = worker.runOnce();
    await expect.poll(() => passes).toBe(2);
    release();
    expect(await third).toBe(7);
    await worker.stop();
  });

  it('logs a failed pass instead of throwing, and the next pass runs', async () => {
    const { log, warnings } = recordingLog();
    let calls = 0;
    const worker = startPeriodicWorker({
      name: 'test worker',
      intervalMs: 0,
      log,
      pass: async () => {
        calls += 1;
        if (calls === 1) throw new Error('boom');
        return 1;
      },
    });
    expect(await worker.runOnce()).toBe(0);
    expect(warnings).toEqual([[{ err: 'boom' }, 'test worker pass failed']]);
    expect(await worker.runOnce()).toBe(1);
    await worker.stop();
  });

  it('runs every intervalMs, and stop waits for the pass in flight and ends the timer', async () => {
    const { log } = recordingLog();
    let finished = 0;
    const worker = startPeriodicWorker({
      name: 'test worker',
      intervalMs: 10,
      log,
      pass: async () => {
        await new Promise((resolve) => setTimeout(resolve, 30));
        finished += 1;
        return 1;
      },
    });
    await expect.poll(() => finished, { timeout: 2000, interval: 5 }).toBeGreaterThanOrEqual(1);
    await worker.stop();
    const atStop = finished;
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(finished).toBe(atStop);
  });
});
