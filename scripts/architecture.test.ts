// The written layering rules (CONTRIBUTING.md "Architecture rules") as a test: every breach either is named in
// scripts/architecture-allowlist.json with its reason, or fails. An entry that no longer matches a breach fails too,
// so the allow-list only shrinks.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  crossFeatureImports,
  crossModuleImports,
  cycles,
  type Edge,
  edges,
  exists,
  isProduction,
  listFiles,
  longFiles,
  longFunctions,
  maxFileLines,
  maxFunctionLines,
  parse,
  root,
} from './architecture.js';

type Reasoned = { reason: string };
type AllowList = {
  cycles: ({ files: string[] } & Reasoned)[];
  crossFeatureImports: (Edge & Reasoned)[];
  crossModuleImports: (Edge & Reasoned)[];
  longFiles: ({ file: string } & Reasoned)[];
  longFunctions: ({ file: string; name: string } & Reasoned)[];
};

const allow: AllowList = JSON.parse(readFileSync(join(root, 'scripts/architecture-allowlist.json'), 'utf8'));
const parsed = parse(listFiles());
const graph = edges(parsed);

/** Breaches not allowed, and allow-list entries that match no breach (stale: delete them). */
function compare(found: string[], allowed: string[]) {
  const foundSet = new Set(found);
  const allowedSet = new Set(allowed);
  return {
    notAllowed: found.filter((key) => !allowedSet.has(key)),
    stale: allowed.filter((key) => !foundSet.has(key)),
  };
}

const edgeKey = ({ from, to }: Edge) => `${from} -> ${to}`;

describe('architecture', () => {
  it('reads the whole tree', () => {
    expect(parsed.length).toBeGreaterThan(500);
    expect(graph.length).toBeGreaterThan(2000);
  });

  it('every allow-list entry gives a reason', () => {
    const entries = Object.values(allow).flat() as Reasoned[];
    expect(entries.filter((entry) => typeof entry.reason !== 'string' || entry.reason.trim().length < 20)).toEqual([]);
  });

  it('finds a cycle, a deep feature import and a deep module import in a made-up graph', () => {
    const a = 'apps/web/src/features/a/x.ts';
    const b = 'apps/web/src/features/b/y.ts';
    const made: Edge[] = [
      { from: a, to: b },
      { from: b, to: a },
      { from: a, to: 'apps/web/src/features/b/index.ts' },
      { from: 'apps/server/src/modules/m/service.ts', to: 'apps/server/src/modules/n/queries.ts' },
      { from: 'apps/server/src/modules/m/service.ts', to: 'apps/server/src/modules/n/service/index.ts' },
    ];
    expect(cycles(made)).toEqual([[a, b]]);
    expect(crossFeatureImports(made).map(edgeKey)).toEqual([`${a} -> ${b}`, `${b} -> ${a}`]);
    expect(crossModuleImports(made).map(edgeKey)).toEqual([
      'apps/server/src/modules/m/service.ts -> apps/server/src/modules/n/queries.ts',
    ]);
  });

  it('no import cycles in apps/server, apps/web/src and packages/shared', () => {
    expect(
      compare(
        cycles(graph).map((files) => files.join(' <-> ')),
        allow.cycles.map((entry) => [...entry.files].sort().join(' <-> ')),
      ),
    ).toEqual({ notAllowed: [], stale: [] });
  });

  it('a web feature imports another feature only through its index.ts', () => {
    expect(compare(crossFeatureImports(graph).map(edgeKey), allow.crossFeatureImports.map(edgeKey))).toEqual({
      notAllowed: [],
      stale: [],
    });
  });

  it('a server module reaches another module only through its service or index.ts', () => {
    const production = graph.filter((edge) => isProduction(edge.from));
    expect(compare(crossModuleImports(production).map(edgeKey), allow.crossModuleImports.map(edgeKey))).toEqual({
      notAllowed: [],
      stale: [],
    });
  });

  it(`no production file over ${maxFileLines} lines`, () => {
    expect(
      compare(
        longFiles(parsed).map((f) => f.file),
        allow.longFiles.map((f) => f.file),
      ),
    ).toEqual({ notAllowed: [], stale: [] });
  });

  it(`no production function over ${maxFunctionLines} lines`, () => {
    expect(
      compare(
        longFunctions(parsed).map((f) => `${f.file} ${f.name}`),
        allow.longFunctions.map((f) => `${f.file} ${f.name}`),
      ),
    ).toEqual({ notAllowed: [], stale: [] });
  });

  // The process may keep UTC, while the company and its users live in Poland: from 23:00 UTC (22:00 in summer) the
  // process's day is the day before (an invoice dated yesterday, a ticket numbered in last year's series).
  it("the server's default dates are the company's calendar day (companyTodayIso), never the process's", () => {
    const processDay = parsed
      .filter((entry) => entry.file.startsWith('apps/server/src/') && isProduction(entry.file))
      .filter((entry) => /(?<![A-Za-z])todayIso\b/.test(entry.source.text))
      .map((entry) => entry.file);
    expect(processDay).toEqual([]);
  });

  it('every file the allow-list names exists', () => {
    const named = [
      ...allow.cycles.flatMap((entry) => entry.files),
      ...allow.crossFeatureImports.flatMap((edge) => [edge.from, edge.to]),
      ...allow.crossModuleImports.flatMap((edge) => [edge.from, edge.to]),
      ...allow.longFiles.map((entry) => entry.file),
      ...allow.longFunctions.map((entry) => entry.file),
    ];
    expect(named.filter((file) => !exists(file))).toEqual([]);
  });
});
