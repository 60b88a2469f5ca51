import type { NetworkScaleProtocol } from '@grain/shared';

/** What the simulated indicator shows; encoded in the protocol the simulator speaks. */
export interface IndicatorDisplay {
  state: 'stable' | 'unstable' | 'overload' | 'underload';
  mode: 'gross' | 'net';
  weightKg: number;
  tareKg: number;
}

/**
 * A&D-style comma-separated frame: `ST,GS,+0012345kg` CR LF. Out of range, the digits are spaces and the sign
 * tells overload (+) from underload (-), as A&D indicators send it.
 */
export function asciiFrame({ state, mode, weightKg }: IndicatorDisplay): Buffer {
  const header = { stable: 'ST', unstable: 'US', overload: 'OL', underload: 'OL' }[state];
  const kind = mode === 'net' ? 'NT' : 'GS';
  const isOutOfRange = state === 'overload' || state === 'underload';
  const sign = state === 'underload' || (!isOutOfRange && weightKg < 0) ? '-' : '+';
  const digits = isOutOfRange ? ' '.repeat(7) : String(Math.abs(weightKg)).padStart(7, '0');
  return Buffer.from(`${header},${kind},${sign}${digits}kg\r\n`, 'latin1');
}

const STX = 0x02;
const CR = 0x0d;

/**
 * Mettler Toledo Continuous frame: STX, status words A/B/C, 6 digits of weight, 6 of tare, CR and, when asked,
 * the checksum (two's complement of the 7 low bits of the sum of the bytes before it).
 */
export function toledoFrame({ state, mode, weightKg, tareKg }: IndicatorDisplay, hasChecksum = false): Buffer {
  // A: no decimal point (code 2), increment ×1 (bit 3), bit 5 always 1.
  const statusA = 0b10_1010;
  const isOutOfRange = state === 'overload' || state === 'underload';
  const isNegative = state === 'underload' || (!isOutOfRange && weightKg < 0);
  const statusB =
    0b11_0000 | // bit 5 always 1, bit 4 kg
    (mode === 'net' ? 0b1 : 0) |
    (isNegative ? 0b10 : 0) |
    (isOutOfRange ? 0b100 : 0) |
    (state === 'unstable' ? 0b1000 : 0);
  const statusC = 0b10_0000;
  const weight = isOutOfRange ? '000000' : String(Math.abs(weightKg) % 1_000_000).padStart(6, '0');
  const tare = String(tareKg % 1_000_000).padStart(6, '0');
  const body = [STX, statusA, statusB, statusC, ...Buffer.from(weight + tare, 'latin1'), CR];
  if (hasChecksum) body.push(-body.reduce((sum, byte) => sum + byte, 0) & 0x7f);
  return Buffer.from(body);
}

export function encodeFrame(protocol: NetworkScaleProtocol, display: IndicatorDisplay, hasChecksum = false): Buffer {
  return protocol === 'toledo-continuous' ? toledoFrame(display, hasChecksum) : asciiFrame(display);
}
