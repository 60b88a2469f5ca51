import { KG_PER_TONNE } from '@grain/shared';

/** What one frame of an indicator says about the weight on the platform. */
export type FrameState = 'stable' | 'unstable' | 'overload' | 'underload';
/** Which weight a frame carries: a ticket is built from gross weights only. */
export type WeightMode = 'gross' | 'net' | 'tare';

export interface ScaleFrame {
  state: FrameState;
  mode: WeightMode;
  /** Whole kilograms, negative below zero; null when the indicator sends no number (overload, underload). */
  weightKg: number | null;
  /** The frame as received (latin1, control characters shown as \xNN), for the ticket's record and the logs. */
  raw: string;
}

/** A frame that could not be read: it breaks a run of stable frames, so a weight is never taken across it. */
export interface InvalidFrame {
  state: 'invalid';
  reason: string;
  raw: string;
}

export type ParsedFrame = ScaleFrame | InvalidFrame;

/**
 * Turns the bytes of a continuous output into frames, chunk by chunk: a frame may be split across chunks and a
 * chunk may hold several frames. Each byte is looked at a bounded number of times and at most a few dozen bytes
 * are held between chunks, so a long garbage stream costs linear time and constant memory.
 */
export interface FrameParser {
  push(chunk: Uint8Array, onFrame: (frame: ParsedFrame) => void): void;
  /** Forgets a partial frame (a new connection starts a new stream). */
  reset(): void;
  /** Bytes held for a frame not yet complete; never more than the protocol's longest frame. */
  readonly bufferedBytes: number;
  /** Bytes skipped as not part of any frame (garbage, over-long lines, frames that failed their checks). */
  readonly skippedBytes: number;
}

/**
 * A decimal number written by an indicator, in whole kilograms: `integerDigits` and `fractionDigits` as sent,
 * in kg or tonnes. Null when it is not a whole number of kilograms (a ticket holds integers only; rounding would
 * change a legal-for-trade weight). Exact: string arithmetic, no floating point.
 */
export function decimalToKg(integerDigits: string, fractionDigits: string, unit: 'kg' | 't'): number | null {
  const digits = integerDigits + fractionDigits;
  const shift = (unit === 't' ? Math.log10(KG_PER_TONNE) : 0) - fractionDigits.length;
  if (shift >= 0) return Number(digits || '0') * 10 ** shift;
  const kept = digits.slice(0, shift);
  if (!/^0*$/.test(digits.slice(shift))) return null;
  return Number(kept || '0');
}

/** The bytes of a frame as readable text: printable latin1 kept, control characters as \xNN. */
export function printable(bytes: Uint8Array, start = 0, end = bytes.length): string {
  let text = '';
  for (let index = start; index < end; index++) {
    const byte = bytes[index]!;
    text += byte >= 0x20 && byte < 0x7f ? String.fromCharCode(byte) : `\\x${byte.toString(16).padStart(2, '0')}`;
  }
  return text;
}
