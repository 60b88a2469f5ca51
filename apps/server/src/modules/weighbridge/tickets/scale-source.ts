import type { Config } from '../../../config.js';
import { createManualScaleReader } from '../scale/manual-scale.js';
import { isNetworkScale, type ScaleConfig } from '../scale/scale-config.js';
import type { ScaleReader, ScaleReading } from '../scale/scale-reader.js';
import { createTcpScaleReader } from '../scale/tcp-scale.js';

/** The configured scale as tickets use it: one network reader per process (scale/README.md), or manual entry. */
export interface ScaleSource {
  config: ScaleConfig;
  /** A stable weight: the indicator's, or the operator's entry (marked on `field` when refused). */
  read(entry: { enteredKg: unknown; field: string; signal?: AbortSignal }): Promise<ScaleReading>;
  close(): Promise<void>;
}

export function createScaleSource(config: Pick<Config, 'scale' | 'scaleReadTimeoutMs'>): ScaleSource {
  const scale = config.scale;
  const network: ScaleReader | null = isNetworkScale(scale) ? createTcpScaleReader(scale) : null;
  return {
    config: scale,
    read({ enteredKg, field, signal }) {
      const reader = network ?? createManualScaleReader(scale, { enteredKg, field });
      return reader.readStable({ timeoutMs: config.scaleReadTimeoutMs, signal });
    },
    close: async () => {
      await network?.close();
    },
  };
}
