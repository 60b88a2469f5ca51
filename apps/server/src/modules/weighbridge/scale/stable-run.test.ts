import { describe, expect, it } from 'vitest';
import type { ParsedFrame, ScaleFrame } from './frame.js';
import { type RunOutcome, StableRun } from './stable-run.js';

const limits = { stableFrames: 3, divisionKg: 20, capacityKg: 60_000 };
const stable = (weightKg: number): ScaleFrame => ({ state: 'stable', mode: 'gross', weightKg, raw: `S ${weightKg}` });
const moving = (weightKg: number): ScaleFrame => ({ state: 'unstable', mode: 'gross', weightKg, raw: '' });
const net = (weightKg: number): ScaleFrame => ({ state: 'stable', mode: 'net', weightKg, raw: '' });
const tare = (weightKg: number): ScaleFrame => ({ state: 'stable', mode: 'tare', weightKg, raw: '' });
const over: ScaleFrame = { state: 'overload', mode: 'gross', weightKg: null, raw: '' };
const under: ScaleFrame = { state: 'underload', mode: 'gross', weightKg: null, raw: '' };
const garbage: ParsedFrame = { state: 'invalid', reason: 'not a frame', raw: '' };

function outcomes(frames: ParsedFrame[], run = new StableRun(limits)): (RunOutcome | null)[] {
  return frames.map((frame) => run.push(frame));
}

describe('StableRun: a weight only from consecutive stable frames within one division', () => {
  it('takes the last weight of 3 stable frames within one division', () => {
    expect(outcomes([stable(24_560), stable(24_580), stable(24_560)])).toEqual([
      null,
      null,
      { kind: 'reading', weightKg: 24_560, frame: stable(24_560) },
    ]);
  });

  it('waits while frames are in motion and takes the weight once 3 stable frames follow', () => {
    const results = outcomes([
      moving(20_000),
      stable(24_560),
      moving(24_600),
      stable(24_560),
      stable(24_560),
      stable(24_560),
    ]);
    expect(results.slice(0, 5)).toEqual([null, null, null, null, null]);
    expect(results[5]).toMatchObject({ kind: 'reading', weightKg: 24_560 });
  });

  it('takes the first stable frame when one is enough', () => {
    expect(outcomes([moving(1), stable(24_560)], new StableRun({ ...limits, stableFrames: 1 }))).toEqual([
      null,
      { kind: 'reading', weightKg: 24_560, frame: stable(24_560) },
    ]);
  });

  it('refuses stable frames that differ by more than one division until 3 agree', () => {
    expect(outcomes([stable(24_540), stable(24_580), stable(24_560)])).toEqual([null, null, null]);
    expect(outcomes([stable(24_540), stable(24_580), stable(24_560), stable(24_580)]).at(-1)).toMatchObject({
      kind: 'reading',
      weightKg: 24_580,
    });
  });

  it('lets an unreadable frame break the run', () => {
    expect(outcomes([stable(24_560), stable(24_560), garbage, stable(24_560)])).toEqual([null, null, null, null]);
  });

  it('passes over tare frames and net frames between gross ones', () => {
    expect(outcomes([stable(24_560), tare(10_000), net(14_560), stable(24_560), stable(24_560)]).at(-1)).toMatchObject({
      kind: 'reading',
      weightKg: 24_560,
    });
  });

  it('refuses at once after 3 overload, underload or net frames in a row', () => {
    expect(outcomes([over, over, over]).at(-1)).toEqual({ kind: 'refusal', condition: 'overload' });
    expect(outcomes([under, under, under]).at(-1)).toEqual({ kind: 'refusal', condition: 'underload' });
    expect(outcomes([net(1), net(1), net(1)]).at(-1)).toEqual({ kind: 'refusal', condition: 'not-gross' });
    expect(outcomes([over, over, stable(0), over])).toEqual([null, null, null, null]);
  });

  it('counts a stable weight above capacity as overload and one below zero as underload', () => {
    expect(outcomes([stable(60_020), stable(60_020), stable(60_020)]).at(-1)).toEqual({
      kind: 'refusal',
      condition: 'overload',
    });
    expect(outcomes([stable(-40), stable(-40), stable(-40)]).at(-1)).toEqual({
      kind: 'refusal',
      condition: 'underload',
    });
    expect(outcomes([stable(60_000), stable(60_000), stable(60_000)]).at(-1)).toMatchObject({ kind: 'reading' });
    expect(outcomes([stable(0), stable(0), stable(0)]).at(-1)).toMatchObject({ kind: 'reading', weightKg: 0 });
  });

  it('remembers the last condition for the time-out refusal', () => {
    const run = new StableRun(limits);
    expect(run.lastCondition).toBeNull();
    outcomes([moving(1), over], run);
    expect(run.lastCondition).toBe('overload');
    outcomes([moving(1)], run);
    expect(run.lastCondition).toBe('unstable');
  });
});
