import fs from 'node:fs';
import path from 'node:path';
import { MESSAGE_CODES } from '@grain/shared';
import { describe, expect, it } from 'vitest';
import { i18n, messageCodeText } from './index';
import { pl } from './pl';

/**
 * The catalogue is split: shared texts in i18n/pl.ts, each feature's in features/<f>/i18n.ts, loaded with the
 * feature's lazily loaded pages and its public entry. These tests read the source: every key a file asks for is in
 * the texts loaded wherever that file runs, and the app's first load reaches no feature's texts.
 */

const SRC = path.resolve(__dirname, '..');
type Tree = { [key: string]: string | Tree };

const featureTexts = import.meta.glob<Record<string, Tree>>('../features/*/i18n.ts', { eager: true });
const catalogueOf = Object.fromEntries(
  Object.entries(featureTexts).map(([file, module]) => [
    file.split('/')[2]!,
    merge(...Object.values(module).filter((value) => typeof value === 'object')),
  ]),
);

function merge(...trees: Tree[]): Tree {
  const out: Tree = {};
  for (const tree of trees) {
    for (const [key, value] of Object.entries(tree)) {
      const before = out[key];
      out[key] = typeof value === 'object' && typeof before === 'object' ? merge(before, value) : value;
    }
  }
  return out;
}

function sourceFiles(dir = SRC): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

const relative = (file: string) => path.relative(SRC, file).split(path.sep).join('/');
const featureOf = (rel: string) => (rel.startsWith('features/') ? rel.split('/')[1]! : null);

/** The modules a file loads lazily (`import('./…')`), resolved to source paths. */
function lazyImportsOf(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/import\(\s*['"](\.[^'"]+)['"]\s*\)/g)].flatMap((match) => {
    const target = resolveImport(file, match[1]!);
    return target ? [target] : [];
  });
}

function resolveImport(from: string, spec: string): string | undefined {
  const base = path.resolve(path.dirname(from), spec);
  return ['', '.ts', '.tsx', '/index.ts', '/index.tsx']
    .map((end) => base + end)
    .find((f) => /\.tsx?$/.test(f) && fs.existsSync(f));
}

/** Every module a file reaches through static imports (type-only imports are erased and not followed). */
function staticGraph(entry: string): Set<string> {
  const seen = new Set<string>();
  const queue = [entry];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    const text = fs.readFileSync(file, 'utf8');
    const statements = text.match(
      /(?:^|\n)(?:import|export)\s[^;]*?from\s+['"]\.[^'"]+['"]|(?:^|\n)import\s+['"]\.[^'"]+['"]/g,
    );
    for (const statement of statements ?? []) {
      if (/^\s*(import|export)\s+type\s/.test(statement)) continue;
      const target = resolveImport(file, statement.match(/['"](\.[^'"]+)['"]/)![1]!);
      if (target) queue.push(target);
    }
  }
  return seen;
}

/** The keys a file asks for: t('a.b'), translate('a.b'), label('a.b'); `a.${x}` as a prefix. */
function keysOf(file: string): { key: string; isPrefix: boolean }[] {
  const text = fs.readFileSync(file, 'utf8');
  const calls = text.matchAll(/(?:\bt|\.t|\btranslate|\blabel)\(\s*(['`])([a-zA-Z]+\.[a-zA-Z0-9_.]*)(\$\{)?/g);
  return [...calls].map((match) => ({ key: match[2]!, isPrefix: match[3] !== undefined }));
}

function has(tree: Tree, key: string, isPrefix: boolean): boolean {
  const parts = key.split('.');
  const last = parts.pop()!;
  let node: Tree | string | undefined = tree;
  for (const part of parts) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'object') return false;
  if (isPrefix) {
    // `a.b.${x}` needs the object a.b; `a.warning${x}` needs some key of a starting with warning.
    return last === '' ? true : Object.keys(node).some((name) => name.startsWith(last));
  }
  // Plural forms are looked up as key_one, key_few, … (i18next).
  return last in node || Object.keys(node).some((name) => name.startsWith(`${last}_`));
}

/** The features whose texts a feature has: its own and, through their public entries, those it imports. */
function loadedFeatures(feature: string, files: string[]): Set<string> {
  const loaded = new Set([feature]);
  const queue = [feature];
  while (queue.length > 0) {
    const current = queue.pop()!;
    for (const file of files.filter((f) => featureOf(relative(f)) === current)) {
      for (const target of staticGraph(file)) {
        const other = featureOf(relative(target));
        if (other && !loaded.has(other)) {
          loaded.add(other);
          queue.push(other);
        }
      }
    }
  }
  return loaded;
}

describe('the split catalogue', () => {
  const files = sourceFiles();

  it('has every key a file asks for in the texts loaded where that file runs', () => {
    const missing: string[] = [];
    const loadedByFeature = new Map<string, Tree>();
    for (const file of files) {
      const rel = relative(file);
      const feature = featureOf(rel);
      let texts: Tree = pl as unknown as Tree;
      if (feature) {
        if (!loadedByFeature.has(feature)) {
          const features = [...loadedFeatures(feature, files)].filter((f) => catalogueOf[f]);
          loadedByFeature.set(feature, merge(texts, ...features.map((f) => catalogueOf[f]!)));
        }
        texts = loadedByFeature.get(feature)!;
      }
      for (const { key, isPrefix } of keysOf(file)) {
        if (!has(texts, key, isPrefix)) missing.push(`${rel}: ${key}`);
      }
    }
    expect(missing).toEqual([]);
    // The scan finds the calls at all (a broken pattern would pass the check above with nothing to check).
    expect(files.flatMap(keysOf).length).toBeGreaterThan(1000);
  });

  it('keeps a feature’s texts out of the first load and loads them with each of its pages', () => {
    const firstLoad = [...staticGraph(path.join(SRC, 'main.tsx')), ...staticGraph(path.join(SRC, 'early.ts'))];
    const featureTextsFirst = firstLoad.map(relative).filter((rel) => /^features\/[^/]+\/i18n\.ts$/.test(rel));
    expect(featureTextsFirst).toEqual([]);
    expect(firstLoad.map(relative)).toContain('i18n/pl.ts');

    // Features without pages of their own load their texts with the dialog or palette that shows them (lazily too:
    // no feature text is in the first load, checked above).
    const withoutPages = ['transport-orders', 'command-palette', 'weighbridge'];
    for (const feature of Object.keys(catalogueOf).filter((f) => !withoutPages.includes(f))) {
      const pages = files.filter((f) => relative(f).startsWith(`features/${feature}/pages/`));
      expect(pages.length, feature).toBeGreaterThan(0);
      for (const page of pages) {
        expect(staticGraph(page), relative(page)).toContain(path.join(SRC, `features/${feature}/i18n.ts`));
      }
    }
  });

  it('loads each feature’s pages lazily, from the router', () => {
    const router = path.join(SRC, 'app/router.tsx');
    const lazy = lazyImportsOf(router).map(relative);
    expect(lazy).toContain('features/transports/pages/logistics-page.tsx');
    expect([...staticGraph(router)].map(relative).filter((rel) => rel.includes('/pages/'))).toEqual([]);
  });

  it('finds a feature’s texts once its public entry is loaded, and every message code from the first load', async () => {
    expect(i18n.t('transports.status.menu', { id: 3, status: 'Nowy' })).toBe('Nowy – zmień status transportu #3');
    for (const code of Object.keys(MESSAGE_CODES) as (keyof typeof MESSAGE_CODES)[]) {
      expect(i18n.exists(`messageCode.${code}`), code).toBe(true);
      expect(messageCodeText(code)).toBe(pl.messageCode[code]);
    }
  });
});
