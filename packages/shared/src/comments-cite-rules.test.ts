import { readdirSync, readFileSync, statSync } from 'node:fs';
import { extname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * STYLE.md Habits: a comment says why and points to the rule it implements (a RULES.md section, a spec line,
 * ARCHITECTURE.md), never to the tracker's history, which a newcomer cannot read. This test is that rule: it
 * reads every source, test, script and document of the repository and fails on a reference to an issue number
 * or a work round. Write the reason and the rule instead.
 */

const repoRoot = resolve(import.meta.dirname, '../../..');

/** Where the product's code, tests, tools and documents live (the root's own .md files are read too). */
const ROOTS = ['apps', 'packages', 'scripts', '.ci', 'bench', 'docs', 'deploy'];

/** Built or installed, not written by us (the same folders .gitignore leaves out). */
const SKIPPED_DIRS = new Set([
  'node_modules',
  'dist',
  'data',
  'test-results',
  'playwright-report',
  '.test-reports',
  '.screens',
  'tmp',
  '.git',
]);

/** Text we write comments, test names and prose in; JSON data files carry none. */
const TEXT_EXTENSIONS = new Set([
  '.ts',
  '.tsx',
  '.mts',
  '.cts',
  '.js',
  '.mjs',
  '.cjs',
  '.sql',
  '.md',
  '.css',
  '.html',
  '.sh',
  '.yml',
  '.yaml',
  '',
]);

/** "issue N", "Issues N and M", "issue-N", "issue #N", "(#N)", "round N", N being digits. */
const HISTORY_REFERENCES = [/\bissues?[ -]?#?\d+/i, /\(#\d+\)/, /\bround \d+\b/i];

function historyReferences(text: string): { line: number; text: string }[] {
  const found: { line: number; text: string }[] = [];
  text.split('\n').forEach((line, index) => {
    if (HISTORY_REFERENCES.some((pattern) => pattern.test(line))) found.push({ line: index + 1, text: line.trim() });
  });
  return found;
}

function sourceFiles(dir: string): string[] {
  let entries: string[];
  try {
    entries = readdirSync(dir);
  } catch {
    return [];
  }
  return entries.flatMap((name) => {
    const path = join(dir, name);
    const stat = statSync(path);
    if (stat.isDirectory()) return SKIPPED_DIRS.has(name) || name.startsWith('.data') ? [] : sourceFiles(path);
    return stat.isFile() && TEXT_EXTENSIONS.has(extname(name)) ? [path] : [];
  });
}

describe('comments cite the rule, not the history', () => {
  it('finds issue and round numbers, and leaves ids, formats and identifiers alone', () => {
    // Written with {n} for the digits, so that this file itself passes the check below.
    const sample = [
      '// The allocations page opens newest first (issue {n}).',
      '/** Issues {n} and {n}: both. */',
      "it('answers its counts (issue-{n})', () => {});",
      '-- see (#{n})',
      '* measured in round {n}',
      "const label = 'Usuń transport #7';",
      "numFmt: '#,##0.00', padding: 'PKCS#7', issueDate: '2026-11-20', issues[0]",
      '// RULES.md Transports: redirect only while ON_THE_WAY',
    ]
      .join('\n')
      .replace(/\{n\}/g, '14');
    expect(historyReferences(sample).map((hit) => hit.line)).toEqual([1, 2, 3, 4, 5]);
  });

  it('no source, test, script or document of the repository cites an issue number', () => {
    const rootDocs = readdirSync(repoRoot)
      .filter((name) => name.endsWith('.md'))
      .map((name) => join(repoRoot, name));
    const files = [...rootDocs, ...ROOTS.flatMap((root) => sourceFiles(join(repoRoot, root)))];
    expect(files.length).toBeGreaterThan(100);
    const hits = files.flatMap((file) =>
      historyReferences(readFileSync(file, 'utf8')).map(
        (hit) => `${relative(repoRoot, file)}:${hit.line}: ${hit.text}`,
      ),
    );
    expect(hits, 'say why and cite RULES.md, the spec or ARCHITECTURE.md instead').toEqual([]);
  });
});
