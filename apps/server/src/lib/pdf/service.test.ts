import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { pdfText } from '../../../test/pdf-text.js';
import { registerErrorHandler } from '../../plugins/errors.js';
import type { PdfDocument } from './document.js';
import {
  createPdfPool,
  PDF_BUSY_RETRY_AFTER_SECONDS,
  PDF_POOL_DEFAULTS,
  type PdfPool,
  type PdfPoolOptions,
  renderPdf,
} from './service.js';

const FAULTY_WORKER = new URL('../../../test/pdf-worker-faults.mjs', import.meta.url);
const documentTitled = (title: string, text = 'Zlecenie'): PdfDocument => ({
  page: { size: 'A4', margin: 40 },
  info: { title },
  body: [{ kind: 'text', text }],
});
const silentLog = { error: () => {} } as unknown as Parameters<typeof renderPdf>[1];

let pool: PdfPool | null = null;
const poolOf = (options: Partial<PdfPoolOptions>) => {
  pool = createPdfPool({ ...PDF_POOL_DEFAULTS, entry: FAULTY_WORKER, ...options });
  return pool;
};
afterEach(async () => {
  await pool?.close();
  pool = null;
});

describe('renderPdf: the PDF service on worker threads', () => {
  it('answers the PDF rendered off the event loop, with its pages and the worker time it took', async () => {
    const rendered = await renderPdf(documentTitled('Próba', 'Zażółć gęślą jaźń'), silentLog);
    expect(Buffer.from(rendered.bytes.subarray(0, 5)).toString()).toBe('%PDF-');
    expect(rendered.pages).toBe(1);
    expect(rendered.renderMs).toBeGreaterThan(0);
    expect((await pdfText(rendered.bytes)).text).toContain('Zażółć gęślą jaźń');
  });

  it('answers EXPORT_ERROR when the document cannot be rendered (an unreadable image)', async () => {
    const broken: PdfDocument = {
      ...documentTitled('Zepsuty'),
      body: [{ kind: 'image', data: new Uint8Array([1, 2, 3]), width: 10, height: 10 }],
    };
    await expect(renderPdf(broken, silentLog)).rejects.toMatchObject({ code: 'EXPORT_ERROR', statusCode: 500 });
  });
});

describe('createPdfPool: bounded, timed, and restarted', () => {
  it('refuses with PDF_SERVICE_BUSY once every thread is busy and the queue is full', async () => {
    const busy = poolOf({ size: 1, queueLimit: 1 });
    await busy.prepare();
    const hanging = busy.render(documentTitled('hang'));
    const waiting = busy.render(documentTitled('Czeka'));
    await expect(busy.render(documentTitled('Za dużo'))).rejects.toMatchObject({
      code: 'PDF_SERVICE_BUSY',
      statusCode: 503,
    });
    expect(busy.state()).toEqual({ threads: 1, rendering: 1, waiting: 1 });
    // As the API answers it: 503 with a Retry-After, which the web client waits before it asks once more.
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.get('/pdf', () => busy.render(documentTitled('Przez API')));
    const answer = await app.inject({ method: 'GET', url: '/pdf' });
    await app.close();
    expect([answer.statusCode, answer.json().message_code]).toEqual([503, 'PDF_SERVICE_BUSY']);
    expect(answer.headers['retry-after']).toBe(String(PDF_BUSY_RETRY_AFTER_SECONDS));

    const closed = [expect(hanging).rejects.toThrow('closed'), expect(waiting).rejects.toThrow('closed')];
    await busy.close();
    await Promise.all(closed);
  });

  it('ends a render past its time limit with its thread; the renders after it get a new thread', async () => {
    const timed = poolOf({ size: 1, timeoutMs: 1500 });
    const hanging = timed.render(documentTitled('hang'));
    const next = timed.render(documentTitled('Następny'));
    await expect(hanging).rejects.toThrow('longer than 1500 ms');
    expect((await next).pages).toBe(1);
    expect(timed.state()).toEqual({ threads: 1, rendering: 0, waiting: 0 });
  });

  it('fails the render of a thread that crashed and starts another for the next', async () => {
    const crashing = poolOf({ size: 2 });
    const [crashed, other] = await Promise.allSettled([
      crashing.render(documentTitled('crash')),
      crashing.render(documentTitled('Obok')),
    ]);
    expect(crashed).toMatchObject({ status: 'rejected', reason: { message: 'PDF worker exited (3)' } });
    expect(other.status).toBe('fulfilled');
    expect((await crashing.render(documentTitled('Po awarii'))).pages).toBe(1);
    expect(crashing.state().threads).toBeGreaterThanOrEqual(1);
  });
});
