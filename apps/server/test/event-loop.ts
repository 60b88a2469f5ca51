/**
 * The longest the event loop went without running a 5 ms timer, from now until the returned stop is called (tests
 * and the bench). perf_hooks' monitorEventLoopDelay starts its histogram at its first tick, and so misses a block
 * that begins at once, as an injected call's does.
 */
export function watchEventLoop(): () => number {
  let last = performance.now();
  let longest = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  return () => {
    clearInterval(timer);
    return Math.max(longest, performance.now() - last);
  };
}
