import type { FastifyReply } from 'fastify';

/** A rendered document as a route answers it: the file name and bytes, with the PDF worker's timing. */
export interface PdfFile {
  fileName: string;
  pdf: Uint8Array;
  timing: { renderMs: number; cpuMs: number | null };
}

/**
 * Sends a PDF as a download (application/pdf, never cached). Server-Timing carries the worker's wall-clock and its
 * thread's CPU time: the bench and the tests read them.
 */
export function sendPdfFile(reply: FastifyReply, { fileName, pdf, timing }: PdfFile) {
  const cpu = timing.cpuMs === null ? '' : `, pdf-cpu;dur=${timing.cpuMs}`;
  return reply
    .type('application/pdf')
    .header('Content-Disposition', `attachment; filename="${fileName}"`)
    .header('Cache-Control', 'no-store')
    .header('Server-Timing', `pdf;dur=${timing.renderMs.toFixed(2)}${cpu}`)
    .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
}
