import { defineConfig } from 'vitest/config';

// One database per run (PGlite costs ~700 MB): files run one after another in one module graph (ARCHITECTURE.md).
export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts', 'tools/**/*.test.ts'],
    // *.postgres.test.ts check what only PostgreSQL has (a second session, pg_trgm): they run in the PostgreSQL pass
    // (TEST_DATABASE_URL, as .ci/run does), not left skipped in the PGlite one.
    exclude: ['**/node_modules/**', ...(process.env.TEST_DATABASE_URL ? [] : ['**/*.postgres.test.ts'])],
    isolate: false,
    fileParallelism: false,
    testTimeout: 30_000,
    reporters: ['default', 'json'],
    outputFile: { json: process.env.VITEST_REPORT ?? '../../.test-reports/server.json' },
    hookTimeout: 120_000,
  },
});
