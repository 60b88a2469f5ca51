import {
  decimalToKg,
  type FrameParser,
  type FrameState,
  type InvalidFrame,
  type ParsedFrame,
  printable,
  type WeightMode,
} from './frame.js';

/**
 * The comma-separated continuous ("stream") output of A&D indicators, which most generic weighbridge indicators
 * copy: `ST,GS,+0012345kg` CR LF. Sources: A&D AD-4402 and AD-4404 manuals ("A&D Data Format", used for stream
 * mode; compatible with the AD-4325), A&D AD-4406/AD-4407/AD-4329A manuals ("Data Format"):
 * - header 1: `ST` stable, `US` unstable, `OL` overload (out of range);
 * - header 2: `GS` / `G ` gross, `NT` / `N ` net, `TR` / `T ` tare;
 * - data: the polarity (`+` or `-`, `+` at zero) then 7 characters with an optional decimal point (dot or comma);
 *   leading digits may be sent as spaces; out of range, the digits are spaces (or all 9s): the sign tells overload
 *   from underload;
 * - unit: 2 or 3 characters (`kg`, ` kg`, `t`, ` t`); g and lb are not weighbridge units and are refused;
 * - terminator CR or CR LF.
 * Some converters and indicators put STX or spaces before the header; control characters and spaces around the
 * frame are ignored.
 */
export class AsciiContinuousParser implements FrameParser {
  /** Longer than any frame of the format (about 20 bytes with STX and a 3-character unit), with room to spare. */
  static readonly MAX_LINE_BYTES = 64;
  readonly #line = new Uint8Array(AsciiContinuousParser.MAX_LINE_BYTES);
  #length = 0;
  #isDiscarding = false;
  #skipped = 0;

  get bufferedBytes() {
    return this.#length;
  }

  get skippedBytes() {
    return this.#skipped;
  }

  reset() {
    this.#length = 0;
    this.#isDiscarding = false;
  }

  push(chunk: Uint8Array, onFrame: (frame: ParsedFrame) => void) {
    // The next CR and LF are looked up natively and only once each is passed, so a chunk is scanned once.
    let nextCr = -2;
    let nextLf = -2;
    let start = 0;
    while (start < chunk.length) {
      if (nextCr !== -1 && nextCr < start) nextCr = chunk.indexOf(CR, start);
      if (nextLf !== -1 && nextLf < start) nextLf = chunk.indexOf(LF, start);
      const end =
        nextCr === -1 ? (nextLf === -1 ? chunk.length : nextLf) : nextLf === -1 ? nextCr : Math.min(nextCr, nextLf);
      this.#append(chunk, start, end);
      if (end === chunk.length) return;
      this.#endLine(onFrame);
      start = end + 1;
    }
  }

  #append(chunk: Uint8Array, start: number, end: number) {
    if (this.#isDiscarding) {
      this.#skipped += end - start;
    } else if (this.#length + end - start <= this.#line.length) {
      this.#line.set(chunk.subarray(start, end), this.#length);
      this.#length += end - start;
    } else {
      // Over-long: garbage, or a stream without terminators. Drop it and wait for the next terminator.
      this.#skipped += this.#length + end - start;
      this.#length = 0;
      this.#isDiscarding = true;
    }
  }

  #endLine(onFrame: (frame: ParsedFrame) => void) {
    if (this.#isDiscarding) {
      this.#isDiscarding = false;
      onFrame(LINE_TOO_LONG);
    } else if (this.#length > 0) {
      const frame = parseAsciiFrame(this.#line, this.#length);
      if (frame.state === 'invalid') this.#skipped += this.#length;
      this.#length = 0;
      onFrame(frame);
    }
  }
}

const CR = 0x0d;
const LF = 0x0a;
const SPACE = 0x20;
const COMMA = 0x2c;

const STATES: Record<string, FrameState | undefined> = { ST: 'stable', US: 'unstable', OL: 'overload' };
const MODES: Record<string, WeightMode | undefined> = {
  GS: 'gross',
  'G ': 'gross',
  NT: 'net',
  'N ': 'net',
  TR: 'tare',
  'T ': 'tare',
};
/** Sign, then digits with spaces among them, an optional decimal point, more digits; then the unit. */
const DATA = /^([+-]?)([0-9 ]*?)(?:[.,]([0-9 ]*))?\s*(kg|t)$/i;

const NOT_A_FRAME: InvalidFrame = Object.freeze({ state: 'invalid', reason: 'not a frame', raw: '' });
const LINE_TOO_LONG: InvalidFrame = Object.freeze({ state: 'invalid', reason: 'line too long', raw: '' });

/** One line of the format (its first `length` bytes), without its terminator. */
export function parseAsciiFrame(bytes: Uint8Array, length = bytes.length): ParsedFrame {
  let start = 0;
  let end = length;
  while (start < end && bytes[start]! <= SPACE) start++;
  while (end > start && bytes[end - 1]! <= SPACE) end--;
  // Most garbage fails here, before any string is made of it.
  if (end - start < 6 || bytes[start + 2] !== COMMA || bytes[start + 5] !== COMMA) return NOT_A_FRAME;
  const line = printable(bytes, start, end);
  const invalid = (reason: string): ParsedFrame => ({ state: 'invalid', reason, raw: line });
  const state = STATES[line.slice(0, 2).toUpperCase()];
  const mode = MODES[line.slice(3, 5).toUpperCase()];
  if (!state || !mode) return invalid('unknown header');
  const data = DATA.exec(line.slice(6));
  if (!data) return invalid('unknown data or unit');
  const [, sign, integerPart = '', fractionPart = '', unit = ''] = data;
  if (state === 'overload') {
    return { state: sign === '-' ? 'underload' : 'overload', mode, weightKg: null, raw: line };
  }
  const integerDigits = integerPart.replaceAll(' ', '');
  const fractionDigits = fractionPart.replaceAll(' ', '');
  if (integerDigits === '' && fractionDigits === '') return invalid('no weight');
  const kg = decimalToKg(integerDigits, fractionDigits, unit.toLowerCase() === 't' ? 't' : 'kg');
  if (kg === null) return invalid('not whole kilograms');
  return { state, mode, weightKg: sign === '-' && kg !== 0 ? -kg : kg, raw: line };
}
