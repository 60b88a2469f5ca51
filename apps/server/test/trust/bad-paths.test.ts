import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MESSAGE_CODES } from '@grain/shared';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.js';
import { createTestApp, type TestApp, testConfig } from '../harness.js';

/**
 * Odd paths and oversized requests answer a refusal in the error format, never a 500 or a stack in the
 * log, with and without the web app's build (where @fastify/static sees the path first).
 */
const BAD_PATHS = [
  '//',
  '///etc/passwd',
  '//api/health',
  '/api//health',
  '/api/health//',
  '/assets//app.js',
  '/%00',
  '/a%00b',
  '/api/%00',
  '/assets/%00',
  '/api/profile/get/1%00',
  '/%5C',
  '/%5c..%5c',
  '/api/%5C',
  '/assets/%5C',
  '/%',
  '/api/%E0%A4%A',
];

let t: TestApp;
let token: string;
let web: FastifyInstance;
const logged: string[] = [];
beforeAll(async () => {
  t = await createTestApp();
  token = await t.login();
  const webDist = mkdtempSync(join(tmpdir(), 'grain-web-'));
  mkdirSync(join(webDist, 'assets'));
  writeFileSync(join(webDist, 'index.html'), '<!doctype html><div id="root"></div>');
  writeFileSync(join(webDist, 'assets', 'app.js'), 'console.log(1);');
  web = await buildApp({
    db: t.db,
    config: testConfig({ webDist }),
    logger: { level: 'warn', stream: { write: (line: string) => logged.push(line) } },
  });
  await web.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await web.close();
  await t.close();
});

function expectRefusal(response: { statusCode: number; json: () => unknown }, statuses: number[]) {
  expect(statuses).toContain(response.statusCode);
  const body = response.json() as { message_code: keyof typeof MESSAGE_CODES; message: string };
  expect(Object.keys(body).sort()).toEqual(['message', 'message_code']);
  expect(MESSAGE_CODES[body.message_code]).toBe(response.statusCode);
}

describe('paths with //, %00, %5C', () => {
  it.each(BAD_PATHS)('%s answers 400 or 404 in the error format, with or without the web build', async (url) => {
    logged.length = 0;
    for (const app of [t.app, web]) {
      const response = await app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });
      expectRefusal(response, [400, 404]);
    }
    expect(logged.filter((line) => line.includes('unhandled error'))).toEqual([]);
  });
});

describe('a request line or headers over the limit', () => {
  const origin = () => `http://127.0.0.1:${(web.server.address() as AddressInfo).port}`;
  const asInjected = async (response: Response) => {
    const text = await response.text();
    return { statusCode: response.status, json: () => JSON.parse(text) as unknown };
  };

  it('answers 431 REQUEST_TOO_LARGE in the error format for a query string over the limit', async () => {
    const response = await fetch(`${origin()}/api/contract/get-purchase-list?search=${'a'.repeat(40_000)}`);
    expectRefusal(await asInjected(response), [431]);
    expect((await fetch(`${origin()}/api/health`)).status).toBe(200);
  });

  it('answers 431 REQUEST_TOO_LARGE in the error format for headers over the limit', async () => {
    const response = await fetch(`${origin()}/api/health`, { headers: { 'x-padding': 'b'.repeat(40_000) } });
    expectRefusal(await asInjected(response), [431]);
  });
});
