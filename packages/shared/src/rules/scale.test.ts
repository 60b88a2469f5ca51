import { describe, expect, it } from 'vitest';
import { manualWeightRefusal } from './scale.js';

const weighbridge = { capacityKg: 60_000, divisionKg: 20 };

describe('manualWeightRefusal (a weight typed from the display)', () => {
  it('takes whole kg from 0 to capacity in steps of the division', () => {
    for (const kg of [0, 20, 24_560, 60_000]) expect(manualWeightRefusal(weighbridge, kg), String(kg)).toBeNull();
  });

  it('names what is wrong, in the order the form shows it', () => {
    expect(manualWeightRefusal(weighbridge, '24560')).toBe('wrongType');
    expect(manualWeightRefusal(weighbridge, undefined)).toBe('wrongType');
    expect(manualWeightRefusal(weighbridge, Number.NaN)).toBe('wrongType');
    expect(manualWeightRefusal(weighbridge, 24_560.5)).toBe('integer');
    expect(manualWeightRefusal(weighbridge, Number.POSITIVE_INFINITY)).toBe('integer');
    expect(manualWeightRefusal(weighbridge, -20)).toBe('nonNegative');
    expect(manualWeightRefusal(weighbridge, 60_020)).toBe('tooBig');
    expect(manualWeightRefusal(weighbridge, 24_570)).toBe('scaleDivision');
  });

  it('takes any whole kg on a scale with a 1 kg division', () => {
    expect(manualWeightRefusal({ capacityKg: 3_000, divisionKg: 1 }, 1_237)).toBeNull();
  });
});
