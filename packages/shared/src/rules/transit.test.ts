import { describe, expect, it } from 'vitest';
import { isTareAboveGross, transitDifference } from './transit.js';

describe('transitDifference', () => {
  it('computes a loss by hand: 24 860 kg loaded, 24 760 kg unloaded is 100 kg, 0,40 %', () => {
    // 100 / 24 860 = 0,4022 % -> 40 bp; above a 0,30 % tolerance.
    expect(transitDifference(24_860, 24_760, 30)).toEqual({
      loadingNetKg: 24_860,
      unloadingNetKg: 24_760,
      differenceKg: 100,
      differenceBp: 40,
      toleranceBp: 30,
      isAboveTolerance: true,
    });
  });

  it('keeps a difference equal to the tolerance within it: 75 kg of 25 000 kg is exactly 0,30 %', () => {
    expect(transitDifference(25_000, 24_925, 30)).toMatchObject({ differenceBp: 30, isAboveTolerance: false });
    expect(transitDifference(25_000, 24_924, 30)).toMatchObject({ differenceKg: 76, isAboveTolerance: true });
  });

  it('flags a gain as well as a loss, with a negative difference', () => {
    expect(transitDifference(20_000, 20_120, 50)).toMatchObject({
      differenceKg: -120,
      differenceBp: -60,
      isAboveTolerance: true,
    });
  });

  it('rounds half away from zero: 5 kg of 40 000 kg is 1,25 bp -> 1; 6 kg is 1,5 bp -> 2', () => {
    expect(transitDifference(40_000, 39_995, 30).differenceBp).toBe(1);
    expect(transitDifference(40_000, 39_994, 30).differenceBp).toBe(2);
    expect(transitDifference(40_000, 40_006, 30).differenceBp).toBe(-2);
  });

  it('answers 0 % for an empty loading rather than dividing by zero', () => {
    expect(transitDifference(0, 0, 30)).toMatchObject({ differenceKg: 0, differenceBp: 0, isAboveTolerance: false });
  });
});

describe('isTareAboveGross', () => {
  it('allows tare equal to gross (an empty truck weighed twice) and refuses tare above it', () => {
    expect(isTareAboveGross(14_000, 14_000)).toBe(false);
    expect(isTareAboveGross(14_000, 14_020)).toBe(true);
  });
});
