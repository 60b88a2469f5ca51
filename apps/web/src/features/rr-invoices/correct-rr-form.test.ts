import { describe, expect, it } from 'vitest';
import { correctionDefaults } from '../invoices';
import { rrCorrectionPreview, toRrCorrectionRequest } from './correct-rr-form';

const current = [
  {
    position: 1,
    name: 'Pszenica',
    quality: 'konsumpcyjna',
    quantity: 24_537,
    unitPrice: 80_000,
    value: 1_962_960,
    refund: 137_407,
  },
  {
    position: 2,
    name: 'Pszenica',
    quality: 'konsumpcyjna',
    quantity: 25_010,
    unitPrice: 80_000,
    value: 2_000_800,
    refund: 140_056,
  },
];

describe('the RR Koryguj dialog (RULES.md Invoices, VAT and KSeF: Faktura VAT RR KOREKTA)', () => {
  it('shows the difference the server states: value, the refund on the whole sum, the total', () => {
    const values = correctionDefaults(current, '2026-03-12');
    expect(rrCorrectionPreview(current, values, 7)).toEqual({ netMinor: 0, refundMinor: 0, totalMinor: 0 });
    values.lines[0] = { position: 1, quantity: 24, unitPrice: 800 };
    values.reason = 'Ponowne ważenie';
    // As the server's test: −429,60 zł of value, −30,07 zł of refund (7 % of each whole sum).
    expect(rrCorrectionPreview(current, values, 7)).toEqual({
      netMinor: -42_960,
      refundMinor: -3_007,
      totalMinor: -45_967,
    });
    expect(toRrCorrectionRequest(values)).toEqual({
      reason: 'Ponowne ważenie',
      issueDate: '2026-03-12',
      lines: [
        { position: 1, quantity: 24_000, unitPrice: 80_000 },
        { position: 2, quantity: 25_010, unitPrice: 80_000 },
      ],
    });
  });

  it('cancels everything with cancel_all and no lines', () => {
    const values = { ...correctionDefaults(current, '2026-03-12'), isCancelAll: true, reason: 'Zwrot' };
    expect(toRrCorrectionRequest(values)).toEqual({ reason: 'Zwrot', issueDate: '2026-03-12', cancelAll: true });
    expect(rrCorrectionPreview(current, values, 7).netMinor).toBe(-3_963_760);
  });
});
