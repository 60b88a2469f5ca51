import { decimalToKg, type FrameParser, type InvalidFrame, type ParsedFrame, printable } from './frame.js';

/**
 * Mettler Toledo "Continuous" output, which many indicators offer as the "Toledo" format. Sources: METTLER TOLEDO
 * WILDCAT Technical Manual, Appendix 2 "Continuous Mode Output" (Table 6-8) and its status byte tables 6-9..6-11;
 * KERN FTC manual 5.2 "TOLEDO Continuous mode"; Fairbanks FB3000/FB6000 manuals "Toledo data format".
 *
 * STX, status words A, B, C, 6 digits of the displayed weight, 6 digits of the tare (no decimal point, no sign),
 * CR, and an optional checksum: the two's complement of the 7 low bits of the sum of every byte before it, STX
 * and CR included.
 * - A bits 0-2: where the decimal point goes (0: ×100, 1: ×10, 2: none, 3..7: 1..5 decimals).
 * - B bit 0 net, bit 1 negative, bit 2 out of range, bit 3 motion, bit 4 kg (0 is lb).
 * - C bit 0 grams; bits 1 and 2 are 0 in the format (some terminals put other units there).
 * Only kilograms are read; lb, g or another unit makes the frame invalid (configure the indicator to kg).
 *
 * Whether a checksum follows is seen from the byte after CR: STX starts the next frame (no checksum), anything
 * else is the checksum and must match. A checksum that happens to be STX is taken for the next frame's start: the
 * frame is still read, and the next one is found again at its own STX.
 */
export class ToledoContinuousParser implements FrameParser {
  static readonly FRAME_BYTES = 17;
  readonly #frame = new Uint8Array(ToledoContinuousParser.FRAME_BYTES);
  #length = 0;
  #skipped = 0;
  #onFrame: (frame: ParsedFrame) => void = () => {};

  get bufferedBytes() {
    return this.#length;
  }

  get skippedBytes() {
    return this.#skipped;
  }

  reset() {
    this.#length = 0;
  }

  push(chunk: Uint8Array, onFrame: (frame: ParsedFrame) => void) {
    this.#onFrame = onFrame;
    let index = 0;
    while (index < chunk.length) {
      if (this.#length === 0) {
        // Outside a frame: jump to the next STX natively rather than byte by byte.
        const next = chunk.indexOf(STX, index);
        this.#skipped += (next === -1 ? chunk.length : next) - index;
        if (next === -1) return;
        index = next;
      }
      this.#feed(chunk[index++]!);
    }
  }

  #feed(byte: number) {
    const frame = this.#frame;
    if (this.#length === 0) {
      if (byte === STX) frame[this.#length++] = byte;
      else this.#skipped++;
      return;
    }
    if (this.#length === frame.length) {
      // A complete frame waits for the byte after CR to know whether it carries a checksum.
      if (byte === STX) {
        this.#onFrame(parseToledoFrame(frame));
        this.#length = 0;
        frame[this.#length++] = byte;
        return;
      }
      this.#length = 0;
      const isChecksumRight = ((checksumBase(frame) + byte) & 0x7f) === 0;
      if (isChecksumRight) this.#onFrame(parseToledoFrame(frame));
      else {
        this.#skipped += frame.length + 1;
        this.#onFrame({ state: 'invalid', reason: 'checksum', raw: printable(frame) });
      }
      return;
    }
    const position = this.#length;
    const isExpected = position < 4 ? byte !== STX && byte !== CR : position < 16 ? isDigit(byte) : byte === CR;
    if (isExpected) {
      frame[this.#length++] = byte;
      return;
    }
    // Not a frame after all: look for the next STX among the bytes held (at most 16), then go on with this byte.
    const held = this.#length;
    this.#length = 0;
    this.#onFrame(NOT_A_FRAME);
    let restart = 1;
    while (restart < held && frame[restart] !== STX) restart++;
    this.#skipped += restart;
    if (restart < held) for (const heldByte of frame.slice(restart, held)) this.#feed(heldByte);
    this.#feed(byte);
  }
}

const STX = 0x02;
const CR = 0x0d;
const NOT_A_FRAME: InvalidFrame = Object.freeze({ state: 'invalid', reason: 'not a frame', raw: '' });

function isDigit(byte: number) {
  return (byte >= 0x30 && byte <= 0x39) || byte === 0x20;
}

function checksumBase(frame: Uint8Array) {
  let sum = 0;
  for (const byte of frame) sum += byte;
  return sum;
}

const DIGITS_AFTER_POINT = [-2, -1, 0, 1, 2, 3, 4, 5] as const;

/** One whole frame, STX to CR (17 bytes; the checksum, if any, already checked). */
export function parseToledoFrame(frame: Uint8Array): ParsedFrame {
  const raw = printable(frame);
  const [statusA = 0, statusB = 0, statusC = 0] = frame.subarray(1, 4);
  const isNet = (statusB & 0b1) !== 0;
  const isNegative = (statusB & 0b10) !== 0;
  const isOutOfRange = (statusB & 0b100) !== 0;
  const isMotion = (statusB & 0b1000) !== 0;
  const isKg = (statusB & 0b1_0000) !== 0 && (statusC & 0b111) === 0;
  const mode = isNet ? 'net' : 'gross';
  if (!isKg) return { state: 'invalid', reason: 'unit is not kg', raw };
  if (isOutOfRange) return { state: isNegative ? 'underload' : 'overload', mode, weightKg: null, raw };
  const digits = String.fromCharCode(...frame.subarray(4, 10)).replaceAll(' ', '0');
  const decimals = DIGITS_AFTER_POINT[statusA & 0b111]!;
  const kg =
    decimals <= 0
      ? decimalToKg(digits + '0'.repeat(-decimals), '', 'kg')
      : decimalToKg(digits.slice(0, -decimals), digits.slice(-decimals), 'kg');
  if (kg === null) return { state: 'invalid', reason: 'not whole kilograms', raw };
  return { state: isMotion ? 'unstable' : 'stable', mode, weightKg: isNegative && kg !== 0 ? -kg : kg, raw };
}
