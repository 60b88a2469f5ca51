import { type InvoiceDetails, vatTotalsByRate } from '@grain/shared';
import type { Ctx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { correctionTotalsOf, linesAsTheyStand } from './chain.js';
import * as q from './queries.js';

/**
 * GET /invoice/details/{id}: the invoice as issued, its lines and its totals per rate; a correction names the invoice
 * it corrects, an invoice lists its corrections (RULES.md Invoices, VAT and KSeF). A correction's totals per rate are
 * the differences it states.
 */
export async function invoiceDetails(ctx: Ctx, id: number): Promise<InvoiceDetails> {
  const invoice = await q.getInvoiceDetails(ctx.db, id);
  if (!invoice) throw new AppError('INVOICE_NOT_FOUND');
  const lines = await q.linesOf(ctx.db, id);
  const totalsByRate =
    invoice.correctedInvoiceId === null
      ? vatTotalsByRate(
          lines.map((line) => ({ rate: line.vatRate, netMinor: line.netValue })),
          (rate) => rate,
        ).map((total) => ({ vatRate: total.rate, netValue: total.netMinor, vatValue: total.vatMinor }))
      : (await correctionTotalsOf(ctx.db, { id, correctedInvoiceId: invoice.correctedInvoiceId })).byRate;
  const correctedInvoice =
    invoice.correctedInvoiceId === null ? null : await q.invoiceReference(ctx.db, invoice.correctedInvoiceId);
  const corrections = invoice.kind === 'VAT' ? await q.correctionsOf(ctx.db, id) : [];
  const currentLines = (await linesAsTheyStand(ctx.db, invoice.correctedInvoiceId ?? id, null)).map(
    ({ position, name, quantity, unitNetPrice, netValue, vatRate }) => ({
      position,
      name,
      quantity,
      unitNetPrice,
      netValue,
      vatRate,
    }),
  );
  return { ...invoice, lines, totalsByRate, correctedInvoice, corrections, currentLines };
}
