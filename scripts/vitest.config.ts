import { defineConfig } from 'vitest/config';

// The architecture test reads the whole tree once (about 700 files); run by `npm test` through `test:architecture`.
export default defineConfig({
  test: {
    root: import.meta.dirname,
    include: ['architecture.test.ts', 'dependencies.test.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    reporters: ['default', 'json'],
    outputFile: { json: process.env.VITEST_REPORT ?? '../.test-reports/architecture.json' },
  },
});
