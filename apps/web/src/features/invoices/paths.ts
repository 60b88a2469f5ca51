/** The screen of one sales invoice. */
export function invoicePath(id: number): string {
  return `/invoices/${id}`;
}
