import type { NetworkScaleProtocol } from '@grain/shared';
import { AsciiContinuousParser } from './ascii-continuous.js';
import type { FrameParser } from './frame.js';
import { ToledoContinuousParser } from './toledo-continuous.js';

/** Picks the parser of the indicator's protocol; the frame types and the parsers' helpers live in frame.ts. */
export function createFrameParser(protocol: NetworkScaleProtocol): FrameParser {
  return protocol === 'toledo-continuous' ? new ToledoContinuousParser() : new AsciiContinuousParser();
}
