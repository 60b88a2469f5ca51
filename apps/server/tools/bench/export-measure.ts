import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import { round } from './stats.js';

/** The bytes of an export's stream, read to the end. */
export async function drainedBytes(stream: Readable): Promise<number> {
  let bytes = 0;
  for await (const chunk of stream) bytes += (chunk as Buffer).byteLength;
  return bytes;
}

/**
 * One export measured: wall-clock and CPU seconds of every thread of the process (the machine is
 * shared, so the CPU says more than the clock), peak memory growth over the collected baseline, and the event
 * loop's delay and busy time meanwhile, which is what another user's call waits for. Prints one JSON line.
 */
export async function measureExport(label: Record<string, unknown>, run: () => Promise<number>) {
  global.gc?.();
  const baseline = process.memoryUsage().rss;
  let peak = baseline;
  const heapBaseline = process.memoryUsage().heapTotal;
  let heapPeak = heapBaseline;
  const sampler = setInterval(() => {
    const usage = process.memoryUsage();
    peak = Math.max(peak, usage.rss);
    heapPeak = Math.max(heapPeak, usage.heapTotal);
  }, 20);
  const delay = monitorEventLoopDelay({ resolution: 5 });
  delay.enable();
  const loopBefore = performance.eventLoopUtilization();
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const bytes = await run();
  const seconds = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuBefore);
  const loop = performance.eventLoopUtilization(loopBefore);
  delay.disable();
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(
    JSON.stringify({
      ...label,
      seconds: round(seconds, 2),
      cpuSeconds: round((cpu.user + cpu.system) / 1e6, 2),
      megabytes: round(bytes / 1024 / 1024, 1),
      rssGrowthMb: round((peak - baseline) / 1024 / 1024, 1),
      // This thread's JavaScript heap; the rest of the growth is the worker's and memory outside the heaps.
      mainHeapGrowthMb: round((heapPeak - heapBaseline) / 1024 / 1024, 1),
      loopDelayP99Ms: round(delay.percentile(99) / 1e6, 1),
      loopDelayMaxMs: round(delay.max / 1e6, 1),
      // Milliseconds this thread's event loop was busy (the export's share of it, as other calls would queue
      // behind): less blurred than the delay by other processes taking the CPU.
      loopBusyMs: round(loop.active, 0),
    }),
  );
}
