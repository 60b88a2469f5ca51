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
  return upoFile(await q.invoiceUpo(ctx.db, id), 'INVOICE_NOT_FOUND');
}

/** The stored UPO of a sales or RR invoice (GET /rr-invoice/upo/{id} too), refused the same way. */
export function upoFile(
  row: { upo: string | null; ksefNumber: string | null } | null | undefined,
  notFound: 'INVOICE_NOT_FOUND' | 'RR_INVOICE_NOT_FOUND',
): { fileName: string; xml: string } {
  if (!row) throw new AppError(notFound);
  if (row.upo === null || row.ksefNumber === null) throw new AppError('INVOICE_UPO_MISSING');
  return { fileName: upoFileName(row.ksefNumber), xml: row.upo };
}
