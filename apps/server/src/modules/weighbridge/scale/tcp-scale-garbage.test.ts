import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterEach, describe, expect, it } from 'vitest';
import { AsciiContinuousParser } from './ascii-continuous.js';
import { simulatedScale } from './fixtures.js';

const MiB = 1024 * 1024;

let stop: (() => Promise<void>) | null = null;
afterEach(async () => {
  await stop?.();
  stop = null;
});

/**
 * The longest stretch of CPU time between two turns of a 5 ms timer: how long the loop was kept busy at once.
 * Unlike the loop's delay in wall time, it does not count the time the process waits for a core on a busy
 * machine (this one has two, shared by several test runs), so it can be held to a tight bound.
 */
function startBusyProbe() {
  let last = process.cpuUsage();
  let maxBusyMs = 0;
  const timer = setInterval(() => {
    const now = process.cpuUsage();
    maxBusyMs = Math.max(maxBusyMs, (now.user - last.user + now.system - last.system) / 1000);
    last = now;
  }, 5);
  return {
    stop() {
      clearInterval(timer);
      return maxBusyMs;
    },
  };
}

/**
 * A garbage flood must cost the event loop no more than its bytes: each chunk parsed in linear time and nothing
 * kept but a partial frame. A parser that rescans what it holds would spend seconds of CPU on 10 MB and block
 * the loop for longer with every chunk.
 */
describe('TCP scale reader under a long garbage stream', () => {
  it.each(['ascii-continuous', 'toledo-continuous'] as const)(
    '10 MB of garbage (%s) neither stalls the event loop nor grows memory, and the next weight is read',
    async (protocol) => {
      const scale = await simulatedScale({ protocol, weightKg: 24_560 }, { silenceMs: 10_000 });
      stop = scale.stop;
      const { reader, sim } = scale;
      await reader.readStable({ timeoutMs: 10_000 });
      // Warm up first: the optimising compiler's first pass over the parser is not what is measured.
      await sim.control.sendGarbage(MiB);
      const skippedBefore = reader.status().skippedBytes;
      const heapBefore = process.memoryUsage().heapUsed;
      let heldMax = 0;
      const sampler = setInterval(() => {
        heldMax = Math.max(heldMax, reader.status().bufferedBytes);
      }, 1);
      const delay = monitorEventLoopDelay({ resolution: 10 });
      const busy = startBusyProbe();
      const cpuBefore = process.cpuUsage();
      delay.enable();

      await sim.control.sendGarbage(10 * MiB);
      sim.control.setWeight(31_000);
      const reading = await reader.readStable({ timeoutMs: 10_000 });

      delay.disable();
      const cpu = process.cpuUsage(cpuBefore);
      const maxBusyMs = busy.stop();
      clearInterval(sampler);
      expect(reading.grossKg).toBe(31_000);
      expect(reader.status().skippedBytes - skippedBefore).toBeGreaterThan(9 * MiB);
      // Measured about 10-30 ms at most (up to 2 MiB read in one turn of the loop, collections included).
      expect(maxBusyMs).toBeLessThan(100);
      // Measured 30-80 ms for both ends of the connection together.
      expect((cpu.user + cpu.system) / 1000).toBeLessThan(2_000);
      // Wall time, waits for a core included: a wide margin for a shared machine, far below a stalled loop.
      expect(delay.max / 1e6).toBeLessThan(1_000);
      expect(heldMax).toBeLessThanOrEqual(AsciiContinuousParser.MAX_LINE_BYTES);
      expect(process.memoryUsage().heapUsed - heapBefore).toBeLessThan(64 * MiB);
    },
  );
});
