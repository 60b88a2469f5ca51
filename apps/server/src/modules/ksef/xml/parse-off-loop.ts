import { OffLoopError, runOffLoop } from '../../../lib/off-loop/run.js';
import { parseFa3Invoice, type ReceivedInvoice, ReceivedInvoiceParseError } from './parse.js';

/**
 * From this size on a received invoice is read on a thread of its own (lib/off-loop): KSeF takes invoices up to
 * 1 MB, and one of 700 kB (3 000 lines) takes over 100 ms to read; below it, reading costs less than a thread.
 */
export const OFF_LOOP_XML_BYTES = 64 * 1024;

/** parseFa3Invoice, off the event loop for a large invoice; the same ReceivedInvoiceParseError when it is not one. */
export async function parseFa3InvoiceOffLoop(xml: Uint8Array): Promise<ReceivedInvoice> {
  if (xml.byteLength < OFF_LOOP_XML_BYTES) return parseFa3Invoice(xml);
  try {
    return await runOffLoop(new URL('./parse.ts', import.meta.url), 'parseFa3Invoice', xml);
  } catch (error) {
    if (error instanceof OffLoopError && error.kind === ReceivedInvoiceParseError.name) {
      throw new ReceivedInvoiceParseError(error.message);
    }
    throw error;
  }
}
