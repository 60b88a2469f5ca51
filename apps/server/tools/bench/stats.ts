/** Median and 95th percentile of a sample, in milliseconds. */
export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

export interface Timing {
  median: number;
  p95: number;
}

export function timingOf(samples: number[]): Timing {
  const sorted = [...samples].sort((a, b) => a - b);
  return { median: round(percentile(sorted, 50)), p95: round(percentile(sorted, 95)) };
}

export function round(value: number, digits = 1): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export async function timed<T>(action: () => Promise<T>): Promise<{ ms: number; value: T }> {
  const started = performance.now();
  const value = await action();
  return { ms: performance.now() - started, value };
}
