import type { NetworkScaleProtocol, ScaleConfig } from '@grain/shared';

export { type ScaleConfig, type ScaleConfigInput, ScaleConfigSchema } from '@grain/shared';

/** A scale read over the network: its protocol, host and port are set (the shared schema requires them). */
export type NetworkScaleConfig = ScaleConfig & { protocol: NetworkScaleProtocol; host: string; port: number };

export function isNetworkScale(config: ScaleConfig): config is NetworkScaleConfig {
  return config.protocol !== 'manual' && config.host !== null && config.port !== null;
}

/**
 * How the network reader treats its connection: the same for every indicator, so not part of a scale's settings.
 * Indicators stream several frames a second, so a few seconds without a byte means a dead (often half-open)
 * connection behind the serial-to-Ethernet converter.
 */
export interface ScaleTimings {
  /** Give up one connection attempt after this long. */
  connectTimeoutMs: number;
  /** Wait before the first reconnection; doubled after every failed one up to `reconnectMaxMs`. */
  reconnectInitialMs: number;
  reconnectMaxMs: number;
  /** An open connection that brings no byte for this long is dropped and opened again. */
  silenceMs: number;
  /** With no read waiting for this long the connection is closed (many converters take one client at a time). */
  idleCloseMs: number;
}

export const SCALE_TIMINGS: ScaleTimings = {
  connectTimeoutMs: 3_000,
  reconnectInitialMs: 250,
  reconnectMaxMs: 5_000,
  silenceMs: 3_000,
  idleCloseMs: 60_000,
};
