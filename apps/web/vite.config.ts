import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { build, type Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|webmanifest)$/;

/**
 * Every text file of the build also as .br and .gz (best compression, once, at build time); the server
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

const EARLY_SCRIPT = 'src/early.ts';
/** Pages whose code index.html starts loading at once when the address is theirs. */
const EARLY_PAGES: Record<string, string> = { '/logistics/': 'src/features/transports/pages/logistics-page.tsx' };

/**
 * `src/early.ts` starts the first screen's calls while the app's code downloads. The build makes it one small
 * classic script of its own (a module would wait for the app's shared chunks; zod stays out through the shared
 * package's zod-free enums.ts), loaded async from index.html, with the files of each early page in `data-pages`.
 * In development Vite serves it as a module.
 */
function earlyRequests(): Plugin {
  return {
    name: 'grain-early-requests',
    async buildStart() {
      if (this.environment?.config.command !== 'build') return;
      const result = await build({
        configFile: false,
        root: import.meta.dirname,
        logLevel: 'silent',
        build: {
          write: false,
          minify: true,
          lib: { entry: join(import.meta.dirname, EARLY_SCRIPT), formats: ['iife'], name: 'grainEarly' },
          rollupOptions: { treeshake: { moduleSideEffects: false } },
        },
      });
      const [output] = Array.isArray(result) ? result : [result];
      if (!output || !('output' in output)) throw new Error('the early script did not build');
      this.emitFile({ type: 'asset', name: 'early.js', source: output.output[0].code });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        if (!context.bundle) {
          return [{ tag: 'script', attrs: { type: 'module', src: `/${EARLY_SCRIPT}` }, injectTo: 'head' }];
        }
        const files = Object.values(context.bundle);
        const script = files.find((file) => file.type === 'asset' && file.names.includes('early.js'));
        if (!script) throw new Error('the early script is missing from the build');
        const pages: Record<string, string[]> = {};
        for (const [prefix, module] of Object.entries(EARLY_PAGES)) {
          const page = files.find((file) => file.type === 'chunk' && file.facadeModuleId?.endsWith(module));
          if (page?.type !== 'chunk') throw new Error(`no chunk for the early page ${module}`);
          // The page's chunk and its static imports, all levels, but those index.html loads anyway.
          const chunks = new Set<string>([page.fileName]);
          for (const fileName of chunks) {
            const chunk = context.bundle[fileName];
            if (chunk?.type === 'chunk') for (const child of chunk.imports) chunks.add(child);
          }
          pages[prefix] = [...chunks].filter((file) => !html.includes(`/${file}"`)).map((file) => `/${file}`);
        }
        // First in the head, fetched first and before the app's chunks take the browser's six connections.
        const pagesAttribute = JSON.stringify(pages).replaceAll('&', '&amp;').replaceAll('"', '&quot;');
        const tag = `<script async fetchpriority="high" src="/${script.fileName}" data-pages="${pagesAttribute}"></script>`;
        const charset = '<meta charset="UTF-8" />';
        if (!html.includes(charset)) throw new Error('index.html has no charset meta to put the early script after');
        return html.replace(charset, `${charset}\n    ${tag}`);
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), earlyRequests()],
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
