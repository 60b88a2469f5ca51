import { describe, expect, it } from 'vitest';
import { encodeFrame } from '../../../../tools/scale-sim/encode.js';
import { AsciiContinuousParser, parseAsciiFrame } from './ascii-continuous.js';
import { decimalToKg, type ParsedFrame } from './frame.js';
import { parseToledoFrame, ToledoContinuousParser } from './toledo-continuous.js';

const bytes = (text: string) => Buffer.from(text, 'latin1');
const ascii = (line: string) => parseAsciiFrame(bytes(line));

function framesOf(parser: { push(chunk: Uint8Array, onFrame: (frame: ParsedFrame) => void): void }, chunks: string[]) {
  const frames: ParsedFrame[] = [];
  for (const chunk of chunks) parser.push(bytes(chunk), (frame) => frames.push(frame));
  return frames;
}

describe('decimalToKg', () => {
  it('reads kilograms and tonnes exactly, refusing parts of a kilogram', () => {
    expect(decimalToKg('0024560', '', 'kg')).toBe(24_560);
    expect(decimalToKg('24560', '0', 'kg')).toBe(24_560);
    expect(decimalToKg('24560', '5', 'kg')).toBeNull();
    expect(decimalToKg('024', '56', 't')).toBe(24_560);
    expect(decimalToKg('24', '5601', 't')).toBeNull();
    expect(decimalToKg('24', '5600', 't')).toBe(24_560);
    expect(decimalToKg('', '', 'kg')).toBe(0);
  });
});

describe('A&D-style comma-separated frames (ascii-continuous)', () => {
  it('reads stable, unstable, gross, net and tare frames', () => {
    expect(ascii('ST,GS,+0012345kg')).toEqual({
      state: 'stable',
      mode: 'gross',
      weightKg: 12_345,
      raw: 'ST,GS,+0012345kg',
    });
    expect(ascii('US,GS,+0012340kg')).toMatchObject({ state: 'unstable', mode: 'gross', weightKg: 12_340 });
    expect(ascii('ST,NT,+0002340kg')).toMatchObject({ state: 'stable', mode: 'net', weightKg: 2_340 });
    expect(ascii('ST,TR,+0010000kg')).toMatchObject({ state: 'stable', mode: 'tare', weightKg: 10_000 });
    expect(ascii('ST,G ,+0012345kg')).toMatchObject({ mode: 'gross', weightKg: 12_345 });
    expect(ascii('st,gs,+0012345KG')).toMatchObject({ state: 'stable', weightKg: 12_345 });
  });

  it('reads negative weights, and zero with either sign as 0', () => {
    expect(ascii('ST,GS,-0000120kg')).toMatchObject({ state: 'stable', weightKg: -120 });
    expect(ascii('ST,GS,-0000000kg')).toMatchObject({ weightKg: 0 });
    expect(ascii('ST,GS,+0000000kg')).toMatchObject({ weightKg: 0 });
  });

  it('takes spaces in place of leading zeros, between sign and digits, and before the unit', () => {
    expect(ascii('ST,GS,+  12345kg')).toMatchObject({ weightKg: 12_345 });
    expect(ascii('ST,GS,-    120 kg')).toMatchObject({ weightKg: -120 });
    expect(ascii('ST,GS,+ 12 345kg')).toMatchObject({ weightKg: 12_345 });
    expect(ascii('ST,GS,0012345kg')).toMatchObject({ weightKg: 12_345 });
  });

  it('converts tonnes to whole kilograms, with a dot or a comma as the decimal point', () => {
    expect(ascii('ST,GS,+024.560 t')).toMatchObject({ weightKg: 24_560 });
    expect(ascii('ST,GS,+0024.56t')).toMatchObject({ weightKg: 24_560 });
    expect(ascii('ST,GS,+0024,56t')).toMatchObject({ weightKg: 24_560 });
    expect(ascii('ST,GS,-0000.02 t')).toMatchObject({ weightKg: -20 });
    expect(ascii('ST,GS,+12345.0kg')).toMatchObject({ weightKg: 12_345 });
  });

  it('reads OL as overload, or underload when its sign is minus, with no weight', () => {
    expect(ascii('OL,GS,+       kg')).toMatchObject({ state: 'overload', weightKg: null });
    expect(ascii('OL,GS,+9999999kg')).toMatchObject({ state: 'overload', weightKg: null });
    expect(ascii('OL,GS,-       kg')).toMatchObject({ state: 'underload', weightKg: null });
  });

  it('ignores STX and spaces around a frame', () => {
    expect(ascii('\x02ST,GS,+0012345kg ')).toMatchObject({
      state: 'stable',
      weightKg: 12_345,
      raw: 'ST,GS,+0012345kg',
    });
  });

  it('refuses what is not a frame: unknown headers, units, parts of a kilogram, no number', () => {
    for (const line of [
      'HELLO',
      'XX,GS,+0012345kg',
      'ST,ZZ,+0012345kg',
      'ST,GS,+0012345lb',
      'ST,GS,+0012345g',
      'ST,GS,+0012345',
      'ST,GS,+0012.34kg',
      'ST,GS,+       kg',
      'ST,GS,+00A2345kg',
      'ST;GS;+0012345kg',
    ]) {
      expect(ascii(line), line).toMatchObject({ state: 'invalid' });
    }
  });

  it('joins a frame split across chunks and splits several frames in one chunk (CR or CR LF)', () => {
    const parser = new AsciiContinuousParser();
    const frames = framesOf(parser, [
      'ST,GS,+00',
      '12345',
      'kg\r',
      '\nST,GS,+0012345kg\r\nUS,GS,+0012360kg\rST,GS,+001',
    ]);
    expect(frames.map((frame) => frame.state)).toEqual(['stable', 'stable', 'unstable']);
    expect(parser.bufferedBytes).toBe('ST,GS,+001'.length);
    expect(framesOf(parser, ['2345kg\n']).map((frame) => frame.state)).toEqual(['stable']);
  });

  it('reads every frame when the stream is cut into single bytes', () => {
    const stream = 'ST,GS,+0012345kg\r\nUS,GS,+0012360kg\r\nOL,GS,+       kg\r\n';
    const frames = framesOf(new AsciiContinuousParser(), [...stream]);
    expect(frames.map((frame) => frame.state)).toEqual(['stable', 'unstable', 'overload']);
  });

  it('drops an over-long line without holding more than its cap, and reads the next frame', () => {
    const parser = new AsciiContinuousParser();
    const held: number[] = [];
    const frames: ParsedFrame[] = [];
    for (let index = 0; index < 1000; index++) {
      parser.push(bytes('x'.repeat(100)), (frame) => frames.push(frame));
      held.push(parser.bufferedBytes);
    }
    expect(Math.max(...held)).toBeLessThanOrEqual(AsciiContinuousParser.MAX_LINE_BYTES);
    parser.push(bytes('garbage\r\nST,GS,+0012345kg\r\n'), (frame) => frames.push(frame));
    expect(frames).toEqual([
      { state: 'invalid', reason: 'line too long', raw: '' },
      { state: 'stable', mode: 'gross', weightKg: 12_345, raw: 'ST,GS,+0012345kg' },
    ]);
    expect(parser.skippedBytes).toBe(100_000 + 'garbage'.length);
  });

  it('forgets a partial frame on reset', () => {
    const parser = new AsciiContinuousParser();
    framesOf(parser, ['ST,GS,+00']);
    parser.reset();
    expect(framesOf(parser, ['12345kg\r\n'])).toMatchObject([{ state: 'invalid' }]);
  });
});

// Status words written by hand (Mettler Toledo tables 6-9..6-11): A '*' = no decimal point, ×1; ')' = ×10;
// ',' = 2 decimals; '(' = ×100. B '0' = kg, gross, in range, no motion; '8' motion; '2' negative; '1' net;
// '4' out of range; '6' out of range and negative; ' ' lb. C ' ' = no grams.
const STX = '\x02';
const toledo = (frame: string) => parseToledoFrame(bytes(frame));

describe('Mettler Toledo continuous frames (toledo-continuous)', () => {
  it('reads a stable gross weight and the motion bit', () => {
    expect(toledo(`${STX}*0 024560000000\r`)).toEqual({
      state: 'stable',
      mode: 'gross',
      weightKg: 24_560,
      raw: '\\x02*0 024560000000\\x0d',
    });
    expect(toledo(`${STX}*8 024580000000\r`)).toMatchObject({ state: 'unstable', weightKg: 24_580 });
  });

  it('reads negative and net weights', () => {
    expect(toledo(`${STX}*2 000120000000\r`)).toMatchObject({ state: 'stable', mode: 'gross', weightKg: -120 });
    expect(toledo(`${STX}*1 010060014500\r`)).toMatchObject({ state: 'stable', mode: 'net', weightKg: 10_060 });
  });

  it('places the decimal point from status word A, refusing parts of a kilogram', () => {
    expect(toledo(`${STX})0 002456000000\r`)).toMatchObject({ weightKg: 24_560 });
    expect(toledo(`${STX}(0 000246000000\r`)).toMatchObject({ weightKg: 24_600 });
    expect(toledo(`${STX},0 245600000000\r`)).toMatchObject({ weightKg: 2_456 });
    expect(toledo(`${STX},0 245601000000\r`)).toMatchObject({ state: 'invalid', reason: 'not whole kilograms' });
  });

  it('reads out of range as overload, or underload when negative', () => {
    expect(toledo(`${STX}*4 000000000000\r`)).toMatchObject({ state: 'overload', weightKg: null });
    expect(toledo(`${STX}*6 000000000000\r`)).toMatchObject({ state: 'underload', weightKg: null });
  });

  it('refuses pounds, grams and other units', () => {
    expect(toledo(`${STX}*  024560000000\r`)).toMatchObject({ state: 'invalid', reason: 'unit is not kg' });
    expect(toledo(`${STX}*0!024560000000\r`)).toMatchObject({ state: 'invalid', reason: 'unit is not kg' });
    expect(toledo(`${STX}*0$024560000000\r`)).toMatchObject({ state: 'invalid', reason: 'unit is not kg' });
  });

  it('takes spaces in the digits as zeros', () => {
    expect(toledo(`${STX}*0  24560     0\r`)).toMatchObject({ weightKg: 24_560 });
  });

  it('reads frames split across chunks and several in one chunk; a frame is read when the next begins', () => {
    const parser = new ToledoContinuousParser();
    const one = `${STX}*0 024560000000\r`;
    const frames = framesOf(parser, [one.slice(0, 5), one.slice(5), one + one.slice(0, 9)]);
    expect(frames.map((frame) => frame.state)).toEqual(['stable', 'stable']);
    expect(parser.bufferedBytes).toBe(9);
    expect(framesOf(parser, [one.slice(9), STX])).toMatchObject([{ state: 'stable', weightKg: 24_560 }]);
  });

  it('checks a checksum after CR, and refuses a frame whose checksum does not match', () => {
    const parser = new ToledoContinuousParser();
    const frames = framesOf(parser, [`${STX}*0 024560000000\r&`, `${STX}*0 024560000000\r'`, STX]);
    expect(frames).toMatchObject([
      { state: 'stable', weightKg: 24_560 },
      { state: 'invalid', reason: 'checksum' },
    ]);
  });

  it('skips garbage before and between frames and a frame cut short, finding the next STX', () => {
    const parser = new ToledoContinuousParser();
    const one = `${STX}*0 024560000000\r`;
    const frames = framesOf(parser, [`xx\r\n${one}${STX}zz${one.slice(0, 8)}${one}${STX}`]);
    expect(frames.filter((frame) => frame.state !== 'invalid')).toHaveLength(2);
    expect(frames.filter((frame) => frame.state === 'invalid').length).toBeGreaterThan(0);
    expect(parser.bufferedBytes).toBe(1);
  });

  it('takes a byte right after CR for a checksum, so garbage there costs the frame before it', () => {
    const one = `${STX}*0 024560000000\r`;
    const frames = framesOf(new ToledoContinuousParser(), [`${one}zz${one}${STX}`]);
    expect(frames.map((frame) => frame.state)).toEqual(['invalid', 'stable']);
  });

  it('never holds more than one frame', () => {
    const parser = new ToledoContinuousParser();
    const held: number[] = [];
    for (let index = 0; index < 200; index++) {
      parser.push(bytes(`${STX}*0 0245`), () => {});
      held.push(parser.bufferedBytes);
    }
    expect(Math.max(...held)).toBeLessThanOrEqual(ToledoContinuousParser.FRAME_BYTES);
  });
});

describe("the simulator's frames", () => {
  const displays = [
    { state: 'stable', mode: 'gross', weightKg: 24_560, tareKg: 0 },
    { state: 'unstable', mode: 'gross', weightKg: 24_620, tareKg: 0 },
    { state: 'stable', mode: 'gross', weightKg: -40, tareKg: 0 },
    { state: 'stable', mode: 'net', weightKg: 14_560, tareKg: 10_000 },
    { state: 'overload', mode: 'gross', weightKg: 0, tareKg: 0 },
    { state: 'underload', mode: 'gross', weightKg: 0, tareKg: 0 },
  ] as const;

  it.each(['ascii-continuous', 'toledo-continuous'] as const)('read back as they were meant (%s)', (protocol) => {
    const parser = protocol === 'toledo-continuous' ? new ToledoContinuousParser() : new AsciiContinuousParser();
    const frames: ParsedFrame[] = [];
    for (const display of displays) parser.push(encodeFrame(protocol, display, true), (frame) => frames.push(frame));
    // A Toledo frame is read when the next one begins.
    parser.push(encodeFrame(protocol, displays[0]), (frame) => frames.push(frame));
    expect(
      frames
        .slice(0, displays.length)
        .map(({ state, ...frame }) => [
          state,
          'mode' in frame ? frame.mode : null,
          'weightKg' in frame ? frame.weightKg : null,
        ]),
    ).toEqual(
      displays.map(({ state, mode, weightKg }) => [
        state,
        mode,
        state === 'overload' || state === 'underload' ? null : weightKg,
      ]),
    );
  });
});
