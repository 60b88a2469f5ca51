import { describe, expect, it } from 'vitest';
import { zodErrors } from '../../components/form/use-zod-form';
import { correctInvoiceDefaults, correctionPreview, toCorrectInvoiceRequest } from './correct-invoice-form';
import { correctionFormSchema } from './correction-form';

const current = [
  { position: 1, name: 'Pszenica', quantity: 24_537, unitNetPrice: 100_000, netValue: 2_453_700, vatRate: 5 },
  { position: 2, name: 'Pszenica', quantity: 25_010, unitNetPrice: 100_000, netValue: 2_501_000, vatRate: 5 },
];

describe('the correction dialog (RULES.md Invoices, VAT and KSeF)', () => {
  it('starts from the lines as they stand, in tonnes and the price per tonne, and changes nothing yet', () => {
    const values = correctInvoiceDefaults(current, '2026-03-20');
    expect(values.lines).toEqual([
      { position: 1, quantity: 24.537, unitPrice: 1000 },
      { position: 2, quantity: 25.01, unitPrice: 1000 },
    ]);
    expect(correctionPreview(current, values)).toMatchObject({ netTotal: 0, vatTotal: 0, grossTotal: 0 });
  });

  it('shows the difference the server will state and sends every line in kilograms and minor units', () => {
    const values = correctInvoiceDefaults(current, '2026-03-20');
    values.lines[1] = { position: 2, quantity: 24.89, unitPrice: 1000 };
    values.reason = ' Ponowne ważenie ';
    expect(correctionPreview(current, values)).toEqual({
      byRate: [{ vatRate: 5, netValue: -12_000, vatValue: -600 }],
      netTotal: -12_000,
      vatTotal: -600,
      grossTotal: -12_600,
    });
    expect(toCorrectInvoiceRequest(values)).toEqual({
      reason: 'Ponowne ważenie',
      issueDate: '2026-03-20',
      lines: [
        { position: 1, quantity: 24_537, unitNetPrice: 100_000 },
        { position: 2, quantity: 24_890, unitNetPrice: 100_000 },
      ],
    });
  });

  it('cancels everything when asked and refuses a missing reason or a negative price', () => {
    const values = { ...correctInvoiceDefaults(current, '2026-03-20'), isCancelAll: true, reason: 'Zwrot' };
    expect(correctionPreview(current, values).grossTotal).toBe(-5_202_435);
    expect(toCorrectInvoiceRequest(values)).toEqual({ reason: 'Zwrot', issueDate: '2026-03-20', cancelAll: true });
    const bad = correctInvoiceDefaults(current, '2026-03-20');
    bad.lines[0] = { position: 1, quantity: 24.537, unitPrice: -1 };
    expect(Object.keys(zodErrors(correctionFormSchema, bad)).sort()).toEqual(['lines.0.unitPrice', 'reason']);
  });
});
