import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testConfig } from '../../test/harness.js';
import { buildApp, COMPRESS_SYNC_MAX, COMPRESS_THRESHOLD } from '../app.js';

/** The web build is sent pre-compressed, API answers above a size compressed on the fly. */
let t: TestApp;
let app: FastifyInstance;
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;
beforeAll(async () => {
  t = await createTestApp();
  const webDist = mkdtempSync(join(tmpdir(), 'grain-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  writeFileSync(join(webDist, 'assets', 'app.js'), script);
  // Marked copies: the answer must be these files, not a compression made per request.
  writeFileSync(join(webDist, 'assets', 'app.js.br'), brotliCompressSync(`${script}//br`));
  writeFileSync(join(webDist, 'assets', 'app.js.gz'), gzipSync(`${script}//gz`));
  app = await buildApp({ db: t.db, config: testConfig({ webDist }) });
  // An answer the size of a 50-row list page (about 100 KB).
  const rows = Array.from({ length: 2000 }, (_, id) => ({ id, name: `Kowalski ${id}`, city: 'Bydgoszcz' }));
  app.get('/api/test-page', { config: { public: true } }, async () => ({ list: rows }));
});
afterAll(async () => {
  await app.close();
  await t.close();
});

describe('static files of the web build', () => {
  it('sends the .br file to a browser that accepts brotli, else the .gz, else the plain file', async () => {
    const get = (encoding?: string) =>
      app.inject({ method: 'GET', url: '/assets/app.js', headers: encoding ? { 'accept-encoding': encoding } : {} });
    const brotli = await get('gzip, deflate, br');
    expect(brotli.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(brotli.rawPayload).toString()).toBe(`${script}//br`);
    const gzip = await get('gzip');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe(`${script}//gz`);
    const plain = await get();
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(script);
  });
});

describe('API answers', () => {
  it(`compresses an answer of ${COMPRESS_THRESHOLD} bytes or more for a client that accepts it`, async () => {
    const plain = await app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gzip = await app.inject({ method: 'GET', url: '/api/docs/json', headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it(`compresses an answer up to ${COMPRESS_SYNC_MAX} bytes in one call: brotli with its Content-Length`, async () => {
    const plain = await app.inject({ method: 'GET', url: '/api/test-page' });
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_SYNC_MAX / 4);
    expect(plain.rawPayload.length).toBeLessThan(COMPRESS_SYNC_MAX);
    const brotli = await app.inject({ method: 'GET', url: '/api/test-page', headers: { 'accept-encoding': 'br' } });
    expect(brotli.headers['content-encoding']).toBe('br');
    // A zlib stream per answer (the slower path) sends it chunked, without a length.
    expect(brotli.headers['content-length']).toBe(String(brotli.rawPayload.length));
    expect(brotli.headers['transfer-encoding']).toBeUndefined();
    expect(JSON.parse(brotliDecompressSync(brotli.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves a small answer as it is', async () => {
    const health = await app.inject({ method: 'GET', url: '/api/health', headers: { 'accept-encoding': 'gzip, br' } });
    expect(health.statusCode).toBe(200);
    expect(health.headers['content-encoding']).toBeUndefined();
    expect(health.json().status).toBe('ok');
  });
});
