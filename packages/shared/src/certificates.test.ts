import { describe, expect, it } from 'vitest';
import { certificateState, certificateToWatch, daysBetween, gmpCertificateCheck } from './certificates.js';

describe('certificateState', () => {
  it('is EXPIRED after its last day, EXPIRING within 30 days and VALID beyond', () => {
    expect(certificateState('2026-05-31', '2026-06-01')).toEqual({ state: 'EXPIRED', days: -1 });
    expect(certificateState('2026-06-01', '2026-06-01')).toEqual({ state: 'EXPIRING', days: 0 });
    expect(certificateState('2026-07-01', '2026-06-01')).toEqual({ state: 'EXPIRING', days: 30 });
    expect(certificateState('2026-07-02', '2026-06-01')).toEqual({ state: 'VALID', days: 31 });
    expect(daysBetween('2026-03-28', '2026-03-30')).toBe(2);
  });
});

describe('certificateToWatch', () => {
  it('takes the longest-lasting certificate of each kind and of those the one ending first', () => {
    const watched = certificateToWatch([
      { kind: 'GMP_PLUS' as const, validTo: '2025-01-01' },
      { kind: 'GMP_PLUS' as const, validTo: '2027-01-01' },
      { kind: 'QS' as const, validTo: '2026-09-01' },
    ]);
    expect(watched).toEqual({ kind: 'QS', validTo: '2026-09-01' });
    expect(certificateToWatch([])).toBeNull();
  });
});

describe('gmpCertificateCheck', () => {
  const gmp = { kind: 'GMP_PLUS' as const, number: 'G1', validFrom: '2026-01-01', validTo: '2026-06-30' };
  it('is VALID when a GMP+ certificate covers the whole period', () => {
    expect(gmpCertificateCheck([gmp], '2026-03-01', '2026-03-04').status).toBe('VALID');
  });
  it('is EXPIRED when the period passes its end or starts before it, with the closest certificate', () => {
    expect(gmpCertificateCheck([gmp], '2026-06-29', '2026-07-01')).toEqual({
      status: 'EXPIRED',
      certificate: { number: 'G1', validFrom: '2026-01-01', validTo: '2026-06-30' },
    });
    expect(gmpCertificateCheck([gmp], '2025-12-31', '2026-01-02').status).toBe('EXPIRED');
  });
  it('is MISSING with other certificates only, NOT_TRACKED with none', () => {
    const qs = { kind: 'QS' as const, number: 'Q', validFrom: null, validTo: '2030-01-01' };
    expect(gmpCertificateCheck([qs], '2026-03-01', '2026-03-02')).toEqual({ status: 'MISSING', certificate: null });
    expect(gmpCertificateCheck([], '2026-03-01', '2026-03-02').status).toBe('NOT_TRACKED');
  });
});
