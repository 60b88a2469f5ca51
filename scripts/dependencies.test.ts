// CONTRIBUTING.md "Dependencies" as a test: every version pinned exactly and the same in every workspace, every
// package in CONTRIBUTING's table (and no row for a package we do not have), the README's stack list as pinned.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { root } from './architecture.js';

const manifests = ['package.json', 'packages/shared/package.json', 'apps/server/package.json', 'apps/web/package.json'];
const declared = manifests.flatMap((manifest) => {
  const json = JSON.parse(readFileSync(join(root, manifest), 'utf8'));
  return (['dependencies', 'devDependencies'] as const).flatMap((kind) =>
    Object.entries((json[kind] ?? {}) as Record<string, string>).map(([name, version]) => ({
      manifest,
      name,
      version,
    })),
  );
});
const names = new Set(declared.map((d) => d.name));

/** The part of a Markdown file from a `## title` heading to the next `## ` heading. */
function section(file: string, title: string): string {
  const text = readFileSync(join(root, file), 'utf8');
  const start = text.indexOf(`\n## ${title}\n`);
  if (start < 0) throw new Error(`${file} has no "## ${title}" section`);
  const end = text.indexOf('\n## ', start + 1);
  return text.slice(start, end < 0 ? undefined : end);
}

describe('dependencies', () => {
  it('are all pinned to an exact version (no ^, ~ or ranges)', () => {
    expect(declared.length).toBeGreaterThan(40);
    expect(declared.filter((d) => !/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(d.version))).toEqual([]);
  });

  it('have one version across the workspaces', () => {
    const versions = new Map<string, Set<string>>();
    for (const d of declared) versions.set(d.name, (versions.get(d.name) ?? new Set()).add(d.version));
    expect([...versions].filter(([, v]) => v.size > 1).map(([name, v]) => `${name}: ${[...v].join(', ')}`)).toEqual([]);
  });

  it("are each in CONTRIBUTING.md's table with a reason, and the table names nothing else", () => {
    const rows = section('CONTRIBUTING.md', 'Dependencies')
      .split('\n')
      .filter((line) => line.startsWith('| `'));
    const listed = new Set<string>();
    for (const row of rows) {
      const [, packages, , why] = row.split('|').map((cell) => cell.trim());
      expect(why!.length, row).toBeGreaterThan(10);
      for (const match of packages!.matchAll(/`([^`]+)`/g)) listed.add(match[1]!);
    }
    expect({
      missing: [...names].filter((name) => !listed.has(name)).sort(),
      notDependencies: [...listed].filter((name) => !names.has(name)).sort(),
    }).toEqual({ missing: [], notDependencies: [] });
  });

  it("README's stack list gives the pinned versions", () => {
    const pairs = [...section('README.md', 'Stack').matchAll(/`([^`]+)` (\d+\.\d+\.\d+)/g)].map((m) => ({
      name: m[1]!,
      version: m[2]!,
    }));
    expect(pairs.length).toBeGreaterThan(10);
    const pinned = new Map(declared.map((d) => [d.name, d.version]));
    expect(pairs.filter((p) => pinned.get(p.name) !== p.version)).toEqual([]);
  });
});
