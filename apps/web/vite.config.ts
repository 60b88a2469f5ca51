import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/api': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    rollupOptions: {
      output: {
        // Libraries every screen needs load once and stay cached across releases of our own code.
        manualChunks(id: string) {
          if (!id.includes('node_modules')) return undefined;
          if (id.includes('@mantine/dates') || id.includes('dayjs')) return 'vendor-dates';
          if (id.includes('@mantine') || id.includes('@floating-ui')) return 'vendor-mantine';
          if (id.includes('@tabler')) return 'vendor-icons';
          if (/node_modules\/(react|react-dom|scheduler|react-router)\//.test(id)) return 'vendor-react';
          return 'vendor';
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    // Component tests render whole Mantine forms; on a busy 2-core machine that can take seconds.
    testTimeout: 30_000,
    reporters: ['default', 'json'],
    outputFile: { json: process.env.VITEST_REPORT ?? '../../.test-reports/web.json' },
  },
});
