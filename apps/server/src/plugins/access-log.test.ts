import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testConfig } from '../../test/harness.js';
import { buildApp } from '../app.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('access log', () => {
  it('writes one line per request: method, path, status and milliseconds, no headers', async () => {
    const lines: string[] = [];
    const app = await buildApp({
      db: t.db,
      config: testConfig(),
      logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } },
    });
    try {
      await app.inject({ method: 'GET', url: '/api/health', headers: { authorization: 'Bearer secret-token' } });
      const entries = lines.map((line) => JSON.parse(line) as Record<string, unknown>);
      expect(entries).toHaveLength(1);
      expect(entries[0]).toMatchObject({ msg: 'request', method: 'GET', url: '/api/health', statusCode: 200 });
      expect(typeof entries[0]!.ms).toBe('number');
      expect(lines.join('')).not.toContain('secret-token');
    } finally {
      await app.close();
    }
  });
});
