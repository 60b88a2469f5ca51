/**
 * The process's stopping state. On SIGTERM the server first drains: health answers 503 so a balancer's health
 * check takes the process out of rotation, while requests still arriving are served; only then does it stop
 * listening and wait for the requests in flight (docs/operations.md, rolling restarts).
 */
let draining = false;

/** True from SIGTERM on (main.ts); tests set it back. */
export function setDraining(value: boolean): void {
  draining = value;
}

export function isDraining(): boolean {
  return draining;
}

/**
 * How long a draining process keeps serving before it stops listening: two of the balancer's health checks
 * (deploy/Caddyfile checks every second) and a margin. SHUTDOWN_DRAIN_MS overrides it (0 in tests).
 */
export const DEFAULT_DRAIN_MS = 3000;
