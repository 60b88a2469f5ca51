import type { Ctx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import * as q from './queries.js';

/** The download name of a UPO: KSeF numbers hold only letters, digits and dashes, so they go in as they are. */
export const upoFileName = (ksefNumber: string) => `UPO-${ksefNumber}.xml`;

/**
 * GET /invoice/upo/{id}: the UPO (KSeF's official receipt) as the sender stored it (ksef-sender.ts), never rebuilt
 * (RULES.md Invoices, VAT and KSeF). INVOICE_UPO_MISSING until KSeF has accepted the invoice.
 */
export async function invoiceUpoFile(ctx: Ctx, id: number): Promise<{ fileName: string; xml: string }> {
  const row = await q.invoiceUpo(ctx.db, id);
  if (!row) throw new AppError('INVOICE_NOT_FOUND');
  if (row.upo === null || row.ksefNumber === null) throw new AppError('INVOICE_UPO_MISSING');
  return { fileName: upoFileName(row.ksefNumber), xml: row.upo };
}
