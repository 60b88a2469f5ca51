import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts'],
    reporters: ['default', 'json'],
    outputFile: { json: process.env.VITEST_REPORT ?? '../../.test-reports/shared.json' },
  },
});
