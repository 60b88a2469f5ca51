import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * issue 15: every text file of the build also as .br and .gz (best compression, once, at build time); the server
 * sends them to browsers that accept them (@fastify/static preCompressed).
 */
function precompress(): Plugin {
  return {
    name: 'grain-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const files = Object.keys(bundle).filter((file) => COMPRESSIBLE.test(file));
      for (const file of files) {
        const data = await readFile(join(dir, file));
        if (data.length < 1024) continue;
        const brotli = brotliCompressSync(data, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: data.length },
        });
        await writeFile(join(dir, `${file}.br`), brotli);
        await writeFile(join(dir, `${file}.gz`), gzipSync(data, { level: 9 }));
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
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
