import { type NetworkScaleProtocol, type ScaleConfigInput, ScaleConfigSchema } from '@grain/shared';
import {
  type ScaleSimulator,
  type ScaleSimulatorOptions,
  startScaleSimulator,
} from '../../../../tools/scale-sim/simulator.js';
import { isNetworkScale, type NetworkScaleConfig } from './scale-config.js';
import type { ScaleReader } from './scale-reader.js';
import { createTcpScaleReader, type TcpScaleOptions } from './tcp-scale.js';

/** The reader's clock in tests. */
export const READ_AT = new Date('2026-11-20T08:15:00.000Z');

/** A 60 t weighbridge with a 20 kg division, read over TCP on `port`. */
export function networkScale(port: number, protocol: NetworkScaleProtocol, overrides: Partial<ScaleConfigInput> = {}) {
  const config = ScaleConfigSchema.parse({
    name: 'Waga najazdowa 1',
    protocol,
    host: '127.0.0.1',
    port,
    capacityKg: 60_000,
    divisionKg: 20,
    ...overrides,
  });
  if (!isNetworkScale(config)) throw new Error('not a network scale');
  return config satisfies NetworkScaleConfig;
}

/** Fast timings: the simulator sends a frame every 10 ms, so these are still many frames long. */
export const FAST: TcpScaleOptions = {
  clock: () => READ_AT,
  connectTimeoutMs: 1_000,
  reconnectInitialMs: 20,
  reconnectMaxMs: 200,
  silenceMs: 1_000,
  idleCloseMs: 60_000,
};

/** A simulated indicator and a reader connected to it; `stop` closes both. */
export async function simulatedScale(
  simulator: ScaleSimulatorOptions,
  options: TcpScaleOptions = {},
  overrides: Partial<ScaleConfigInput> = {},
): Promise<{ sim: ScaleSimulator; reader: ScaleReader; stop(): Promise<void> }> {
  const sim = await startScaleSimulator({ port: 0, frameIntervalMs: 10, ...simulator });
  const reader = createTcpScaleReader(networkScale(sim.port, sim.protocol, overrides), { ...FAST, ...options });
  return {
    sim,
    reader,
    async stop() {
      await reader.close();
      await sim.close();
    },
  };
}
