// Reads the source tree with the TypeScript compiler API and lists every breach of the written layering rules
// (ARCHITECTURE.md, CONTRIBUTING.md "Architecture rules"). scripts/architecture.test.ts compares the list with the
// allow-list in scripts/architecture-allowlist.json, so a new breach and a stale allow-list entry both fail `npm test`.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** Trees whose imports must form no cycle. */
export const sourceRoots = [
  'apps/server/src',
  'apps/server/test',
  'apps/server/tools',
  'apps/web/src',
  'packages/shared/src',
];
export const maxFileLines = 400;
export const maxFunctionLines = 80;

const sourceFile = /\.(ts|tsx|mts)$/;
const testFile = /\.test\.(ts|tsx)$|\/test\/|^apps\/web\/src\/test\//;

export type Edge = { from: string; to: string };

function walk(dir: string, out: string[]) {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path, out);
    else if (sourceFile.test(name) && !name.endsWith('.d.ts')) out.push(relative(root, path));
  }
}

export function listFiles(): string[] {
  const out: string[] = [];
  for (const tree of sourceRoots) walk(join(root, tree), out);
  return out.sort();
}

const workspacePackages: Record<string, string> = { '@grain/shared': 'packages/shared/src/index.ts' };

/** Resolves a specifier the way NodeNext and Vite do for this repo (`./x.js` is `./x.ts`); null for packages. */
function resolveSpecifier(from: string, specifier: string, known: Set<string>): string | null {
  if (specifier in workspacePackages) return workspacePackages[specifier]!;
  if (!specifier.startsWith('.')) return null;
  const base = relative(root, resolve(root, dirname(from), specifier));
  const stem = base.replace(/\.(js|jsx|mjs|ts|tsx)$/, '');
  for (const candidate of [base, `${stem}.ts`, `${stem}.tsx`, `${stem}.mts`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (known.has(candidate)) return candidate;
  }
  return null;
}

export type Parsed = { file: string; lines: number; source: ts.SourceFile; imports: string[] };

export function parse(files: string[]): Parsed[] {
  return files.map((file) => {
    const text = readFileSync(join(root, file), 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const imports: string[] = [];
    const visit = (node: ts.Node) => {
      if (
        (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
        node.moduleSpecifier &&
        ts.isStringLiteral(node.moduleSpecifier)
      ) {
        imports.push(node.moduleSpecifier.text);
      } else if (
        ts.isCallExpression(node) &&
        (node.expression.kind === ts.SyntaxKind.ImportKeyword ||
          (ts.isIdentifier(node.expression) && node.expression.text === 'require')) &&
        node.arguments[0] &&
        ts.isStringLiteralLike(node.arguments[0])
      ) {
        imports.push(node.arguments[0].text);
      } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
        const literal = node.argument.literal;
        if (ts.isStringLiteral(literal)) imports.push(literal.text);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
    const lines = text.endsWith('\n') ? text.split('\n').length - 1 : text.split('\n').length;
    return { file, lines, source, imports };
  });
}

export function edges(parsed: Parsed[]): Edge[] {
  const known = new Set(parsed.map((p) => p.file));
  const out: Edge[] = [];
  for (const p of parsed) {
    for (const specifier of new Set(p.imports)) {
      const to = resolveSpecifier(p.file, specifier, known);
      if (to && to !== p.file) out.push({ from: p.file, to });
    }
  }
  return out;
}

/** Strongly connected components with more than one file (Tarjan): every import cycle lies inside one. */
export function cycles(graphEdges: Edge[]): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of graphEdges) {
    if (!next.has(from)) next.set(from, []);
    next.get(from)!.push(to);
  }
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const out: string[][] = [];
  let counter = 0;
  const strongConnect = (v: string) => {
    index.set(v, counter);
    low.set(v, counter);
    counter++;
    stack.push(v);
    onStack.add(v);
    for (const w of next.get(v) ?? []) {
      if (!index.has(w)) {
        strongConnect(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        onStack.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) out.push(component.sort());
    }
  };
  for (const v of [...next.keys()].sort()) if (!index.has(v)) strongConnect(v);
  return out.sort((a, b) => a[0]!.localeCompare(b[0]!));
}

const webFeature = /^apps\/web\/src\/features\/([^/]+)\//;
const serverModule = /^apps\/server\/src\/modules\/([^/]+)\//;

/** A web feature reaches another feature only through `features/<f>/index.ts` (its public entry). */
export function crossFeatureImports(graphEdges: Edge[]): Edge[] {
  return graphEdges.filter(({ from, to }) => {
    const a = webFeature.exec(from)?.[1];
    const b = webFeature.exec(to)?.[1];
    if (!a || !b || a === b) return false;
    return !/^apps\/web\/src\/features\/[^/]+\/index\.tsx?$/.test(to);
  });
}

/** A server module reaches another module only through its service or its public `index.ts`. */
export function crossModuleImports(graphEdges: Edge[]): Edge[] {
  return graphEdges.filter(({ from, to }) => {
    const a = serverModule.exec(from)?.[1];
    const b = serverModule.exec(to)?.[1];
    if (!a || !b || a === b) return false;
    return !/^apps\/server\/src\/modules\/[^/]+\/(service\.ts|service\/index\.ts|index\.ts)$/.test(to);
  });
}

/** Production files only: tests and fixtures are long lists of cases by design. */
export function isProduction(file: string): boolean {
  return !testFile.test(file) && !file.startsWith('apps/server/test/');
}

export function longFiles(parsed: Parsed[]): { file: string; lines: number }[] {
  return parsed
    .filter((p) => isProduction(p.file) && p.lines > maxFileLines)
    .map((p) => ({ file: p.file, lines: p.lines }));
}

function functionName(node: ts.Node): string | null {
  const parent = node.parent;
  if ((ts.isFunctionDeclaration(node) || ts.isMethodDeclaration(node)) && node.name) return node.name.getText();
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  if ((ts.isGetAccessor(node) || ts.isSetAccessor(node)) && node.name) return node.name.getText();
  if (ts.isFunctionExpression(node) && node.name) return node.name.text;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText();
  if (parent && ts.isPropertyAssignment(parent)) return parent.name.getText();
  if (parent && ts.isPropertyDeclaration(parent)) return parent.name.getText();
  return null;
}

/**
 * Functions longer than the limit, named `outer.inner` by their enclosing named functions; an unnamed callback is
 * `outer.<callee>()` after the call it is passed to (`Page.useMemo()`), so an entry survives edits above it.
 */
export function longFunctions(parsed: Parsed[]): { file: string; name: string; lines: number }[] {
  const out: { file: string; name: string; lines: number }[] = [];
  for (const p of parsed) {
    if (!isProduction(p.file)) continue;
    const seen = new Map<string, number>();
    const visit = (node: ts.Node, path: string[]) => {
      let inner = path;
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        let own = functionName(node);
        if (!own) {
          const call = node.parent && ts.isCallExpression(node.parent) ? node.parent : null;
          own = call ? `${call.expression.getText().split('.').pop()}()` : '(anonymous)';
        }
        inner = [...path, own];
        const start = p.source.getLineAndCharacterOfPosition(node.getStart()).line;
        const end = p.source.getLineAndCharacterOfPosition(node.getEnd()).line;
        const lines = end - start + 1;
        if (lines > maxFunctionLines) {
          let name = inner.join('.');
          const n = (seen.get(name) ?? 0) + 1;
          seen.set(name, n);
          if (n > 1) name = `${name}#${n}`;
          out.push({ file: p.file, name, lines });
        }
      }
      ts.forEachChild(node, (child) => visit(child, inner));
    };
    visit(p.source, []);
  }
  return out;
}

export function exists(file: string): boolean {
  return existsSync(join(root, file));
}
