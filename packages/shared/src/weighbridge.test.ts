import { describe, expect, it } from 'vitest';
import { V } from './validation.js';
import { SCALE_STABLE_FRAMES_DEFAULT, ScaleConfigSchema } from './weighbridge.js';

const network = {
  name: 'Waga najazdowa 1',
  protocol: 'ascii-continuous',
  host: '192.168.10.20',
  port: 4001,
  capacityKg: 60_000,
  divisionKg: 20,
};

const issuesOf = (input: unknown) =>
  ScaleConfigSchema.safeParse(input).error?.issues.map((issue) => ({ path: issue.path, message: issue.message }));

describe('ScaleConfigSchema', () => {
  it('takes a network scale and defaults to 3 agreeing stable frames', () => {
    expect(ScaleConfigSchema.parse(network)).toEqual({ ...network, stableFrames: SCALE_STABLE_FRAMES_DEFAULT });
    expect(SCALE_STABLE_FRAMES_DEFAULT).toBe(3);
    expect(ScaleConfigSchema.parse({ ...network, host: 'waga-1.elewator.local', stableFrames: 5 })).toMatchObject({
      host: 'waga-1.elewator.local',
      stableFrames: 5,
    });
    expect(ScaleConfigSchema.parse({ ...network, host: 'fe80::1' }).host).toBe('fe80::1');
  });

  it('needs host and port for a network protocol, and drops them for manual entry', () => {
    expect(issuesOf({ ...network, host: null, port: undefined })).toEqual([
      { path: ['host'], message: V.required },
      { path: ['port'], message: V.required },
    ]);
    expect(ScaleConfigSchema.parse({ ...network, protocol: 'manual' })).toMatchObject({ host: null, port: null });
    expect(ScaleConfigSchema.parse({ ...network, protocol: 'manual', host: '', port: null }).host).toBeNull();
  });

  it('refuses a host with a scheme or a port, a port out of range, and an unknown protocol', () => {
    expect(issuesOf({ ...network, host: 'tcp://10.0.0.1' })).toEqual([{ path: ['host'], message: V.wrongType }]);
    expect(issuesOf({ ...network, host: '10.0.0.1:4001 x' })).toEqual([{ path: ['host'], message: V.wrongType }]);
    expect(issuesOf({ ...network, port: 70_000 })).toEqual([{ path: ['port'], message: V.tooBig }]);
    expect(issuesOf({ ...network, port: 0 })).toEqual([{ path: ['port'], message: V.tooSmall }]);
    expect(issuesOf({ ...network, protocol: 'sics' })).toEqual([{ path: ['protocol'], message: V.oneOf }]);
  });

  it('takes whole positive kg for capacity and division, the division not above the capacity', () => {
    expect(issuesOf({ ...network, capacityKg: 0 })).toEqual([{ path: ['capacityKg'], message: V.positive }]);
    expect(issuesOf({ ...network, divisionKg: 0.5 })).toEqual([{ path: ['divisionKg'], message: V.integer }]);
    expect(issuesOf({ ...network, divisionKg: 80_000 })).toEqual([{ path: ['divisionKg'], message: V.tooBig }]);
    expect(issuesOf({ ...network, stableFrames: 0 })).toEqual([{ path: ['stableFrames'], message: V.tooSmall }]);
    expect(issuesOf({ ...network, stableFrames: 51 })).toEqual([{ path: ['stableFrames'], message: V.tooBig }]);
  });

  it('refuses keys it does not know', () => {
    expect(ScaleConfigSchema.safeParse({ ...network, baudRate: 9600 }).success).toBe(false);
  });
});
