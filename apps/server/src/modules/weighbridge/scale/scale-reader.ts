import type { MessageCode } from '@grain/shared';
import { AppError } from '../../../lib/errors.js';
import type { FrameState, WeightMode } from './frame.js';

/** A weight taken from a scale: only ever a stable one, in whole kilograms. */
export interface ScaleReading {
  /** The scale's name (its configuration). */
  scale: string;
  grossKg: number;
  isStable: true;
  unit: 'kg';
  /** When it was taken, ISO 8601 (the reader's clock). */
  at: string;
  /** What the weight was read from: the last agreeing frame as received, or the text the operator typed. */
  raw: string;
  /** `indicator`: read over the network; `manual`: typed by the operator from the display. */
  source: 'indicator' | 'manual';
}

export interface ReadStableOptions {
  /** How long to wait for a stable weight before refusing. */
  timeoutMs: number;
  /** Aborts the wait (the caller's request went away); the read rejects with the signal's reason. */
  signal?: AbortSignal;
}

export type ScaleConnection = 'idle' | 'connecting' | 'connected' | 'closed' | 'manual';

/** What a reader knows now, for a live display and for the logs; never needed to take a weight. */
export interface ScaleStatus {
  scale: string;
  source: 'indicator' | 'manual';
  /** `idle`: no connection open (none needed yet, or closed after a quiet spell); `connecting` also while waiting to reconnect. */
  connection: ScaleConnection;
  /** The last readable frame. */
  lastFrame: { state: FrameState; mode: WeightMode; weightKg: number | null; at: string } | null;
  /** Connections lost or given up on since the reader was created. */
  reconnects: number;
  /** Bytes received that were not part of any readable frame. */
  skippedBytes: number;
  /** Bytes held for a frame not yet complete (bounded by the protocol's longest frame). */
  bufferedBytes: number;
  /** Why the last connection failed or was dropped (kept after a new one opens). */
  lastError: string | null;
}

/** One interface for reading a weight (CONTRIBUTING.md Weighbridge): a network indicator or manual entry. */
export interface ScaleReader {
  /**
   * Resolves with the first stable weight taken after the call; rejects with a ScaleError (or the signal's
   * reason): overload, underload and net mode as soon as the indicator is seen in them, the others at the time-out.
   */
  readStable(options: ReadStableOptions): Promise<ScaleReading>;
  status(): ScaleStatus;
  /** Ends the connection; reads still waiting reject with ScaleUnreachableError. */
  close(): Promise<void>;
}

/** Why a weight could not be taken; each a catalogue code the error plugin renders. */
export abstract class ScaleError extends AppError {
  constructor(code: MessageCode, message: string) {
    super(code, message);
    this.name = new.target.name;
  }
}

/** No run of stable frames agreeing within one division came before the time-out: the truck still moves. */
export class ScaleUnstableError extends ScaleError {
  constructor(message = 'No stable weight within the time-out') {
    super('SCALE_READING_UNSTABLE', message);
  }
}

/** No connection to the indicator, or a connection that brought no data, within the time-out. */
export class ScaleUnreachableError extends ScaleError {
  constructor(message = 'Scale unreachable') {
    super('SCALE_UNREACHABLE', message);
  }
}

/** Data arrived, but no readable frame of the configured protocol. */
export class ScaleProtocolError extends ScaleError {
  constructor(message = 'No readable frame from the scale') {
    super('SCALE_PROTOCOL_ERROR', message);
  }
}

export class ScaleOverloadError extends ScaleError {
  constructor(message = 'Scale overload') {
    super('SCALE_OVERLOAD', message);
  }
}

export class ScaleUnderloadError extends ScaleError {
  constructor(message = 'Scale underload (below zero)') {
    super('SCALE_UNDERLOAD', message);
  }
}

/** The indicator outputs net weights (a tare is set on it): a ticket needs gross weights. */
export class ScaleNotGrossError extends ScaleError {
  constructor(message = 'The indicator outputs net weight') {
    super('SCALE_NOT_GROSS', message);
  }
}
