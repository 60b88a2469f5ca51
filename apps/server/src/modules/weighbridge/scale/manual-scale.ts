import { manualWeightRefusal } from '@grain/shared';
import { validationError } from '../../../lib/errors.js';
import type { ScaleConfig } from './scale-config.js';
import {
  type ReadStableOptions,
  type ScaleReader,
  type ScaleReading,
  type ScaleStatus,
  ScaleUnreachableError,
} from './scale-reader.js';

export interface ManualEntry {
  /** The weight the operator typed, as received (validated on read). */
  enteredKg: unknown;
  /** The wire field the weight came in, marked on a refusal. */
  field?: string;
  clock?: () => Date;
}

/**
 * Manual entry behind the same interface: the operator reads the display and types the weight, for a scale without
 * a network interface or while its connection is down. The reader takes one entry: whole kilograms from 0 to the
 * scale's capacity, in steps of its division (`manualWeightRefusal`, which the form warns with too); otherwise
 * VALIDATION_ERROR on the field. The reading is marked `source: 'manual'`.
 */
export function createManualScaleReader(config: ScaleConfig, entry: ManualEntry): ScaleReader {
  const { enteredKg, field = 'gross_kg', clock = () => new Date() } = entry;
  let isClosed = false;
  return {
    async readStable({ signal }: ReadStableOptions): Promise<ScaleReading> {
      if (signal?.aborted) throw signal.reason;
      if (isClosed) throw new ScaleUnreachableError('The scale reader is closed');
      const refusal = manualWeightRefusal(config, enteredKg);
      if (refusal) throw validationError({ field, code: refusal });
      return {
        scale: config.name,
        grossKg: enteredKg as number,
        isStable: true,
        unit: 'kg',
        at: clock().toISOString(),
        raw: String(enteredKg),
        source: 'manual',
      };
    },
    status(): ScaleStatus {
      return {
        scale: config.name,
        source: 'manual',
        connection: isClosed ? 'closed' : 'manual',
        lastFrame: null,
        reconnects: 0,
        skippedBytes: 0,
        bufferedBytes: 0,
        lastError: null,
      };
    },
    async close() {
      isClosed = true;
    },
  };
}
