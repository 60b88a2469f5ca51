import { MAX_STRING } from '@grain/shared';
import { describe, expect, it } from 'vitest';
import { testDatabase } from '../harness.js';
import { type JsonSchema, wireJsonSchema } from './arbitraries.js';
import { apiRoutes } from './route-table.js';

/**
 * spec/1 section 5 Validation: "Maximum length default 255, minimum 1; optional strings max 255". Every string a
 * request can carry (body, query string, path), of every route the server registers, found by walking the
 * route's schema as it is documented (its JSON Schema): a field added without a maximum, or with one above 255,
 * fails here. The few strings that are not free text and are longer by nature are named below with the reason.
 */
const LONGER_BY_NATURE: Record<string, string> = {
  // The company logo travels as a data URL of the image (bounded by its own size check, logoTooBig).
  'PUT /api/settings/company body.logoDataUrl': 'an image, not text',
  // A saved view stores a list's state as the list sends it (filter values, search, column ids).
  'POST /api/saved-view/create body.state': 'a stored list state',
  'PUT /api/saved-view/update/:id body.state': 'a stored list state',
  // An uploaded NBP exchange-rate table (a year's archive CSV is about 60 KB), read as a whole file.
  'POST /api/exchange-rate/import body.content': 'an NBP file as text',
  // A price-list CSV (a few hundred rows), read as a whole file.
  'POST /api/price-list/import body.content': 'a price-list CSV as text',
  // A bank statement's bytes as base64 (Windows-1250 or UTF-8), at most 1 MB of file.
  'POST /api/rr-invoice/payment-import body.contentBase64': 'a bank statement file as base64',
};

type Node = JsonSchema & {
  prefixItems?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
  $ref?: string;
  $defs?: Record<string, JsonSchema>;
  definitions?: Record<string, JsonSchema>;
};

/** Every string node under `node`, with its path (`body.address.city`, `query.filter.driver_name`, ...). */
function stringNodes(node: Node, path: string, root: Node, seen = new Set<Node>()): { path: string; node: Node }[] {
  if (seen.has(node)) return [];
  if (node.$ref) {
    const name = node.$ref.split('/').pop()!;
    const target = (root.$defs ?? root.definitions)?.[name] as Node | undefined;
    return target ? stringNodes(target, path, root, new Set([...seen, node])) : [];
  }
  const inner = new Set([...seen, node]);
  const found: { path: string; node: Node }[] = [];
  const types = Array.isArray(node.type) ? node.type : node.type ? [node.type] : [];
  if (types.includes('string') && node.enum === undefined && node.const === undefined) found.push({ path, node });
  for (const [key, child] of Object.entries(node.properties ?? {})) {
    found.push(...stringNodes(child as Node, `${path}.${key}`, root, inner));
  }
  for (const child of [...(node.anyOf ?? []), ...(node.oneOf ?? []), ...(node.allOf ?? [])]) {
    found.push(...stringNodes(child as Node, path, root, inner));
  }
  if (node.items) found.push(...stringNodes(node.items as Node, `${path}[]`, root, inner));
  for (const child of node.prefixItems ?? []) found.push(...stringNodes(child as Node, `${path}[]`, root, inner));
  if (typeof node.additionalProperties === 'object') {
    found.push(...stringNodes(node.additionalProperties as Node, `${path}.*`, root, inner));
  }
  return found;
}

const routes = await apiRoutes((await testDatabase()).db);

describe('request strings (spec/1 section 5: at most 255 characters)', () => {
  it('finds the request schemas it walks', () => {
    const strings = routes.flatMap((route) =>
      route.body ? stringNodes(wireJsonSchema(route.body) as Node, 'body', wireJsonSchema(route.body) as Node) : [],
    );
    // The walk reaches the free text of the forms (a contract's comments, a transport's driver; camelCase inside).
    const paths = strings.map((string) => string.path);
    expect(paths).toContain('body.comments');
    expect(paths).toContain('body.driverName');
    expect(paths).toContain('body.address.city');
  });

  it('names only routes that exist among the strings longer by nature', () => {
    const keys = new Set(routes.map((route) => route.key));
    for (const name of Object.keys(LONGER_BY_NATURE))
      expect(keys, name).toContain(name.split(' ').slice(0, 2).join(' '));
  });

  it.each(routes.map((route) => [route.key, route] as const))('%s: every string has a maximum of 255', (key, route) => {
    const unbounded: string[] = [];
    for (const [part, schema] of [
      ['body', route.body],
      ['query', route.querystring],
      ['params', route.params],
    ] as const) {
      if (!schema) continue;
      const root = wireJsonSchema(schema) as Node;
      for (const { path, node } of stringNodes(root, part, root)) {
        const exception = Object.keys(LONGER_BY_NATURE).find((name) => `${key} ${path}`.startsWith(name));
        if (exception) {
          if (node.maxLength === undefined) unbounded.push(`${path}: no maximum (${LONGER_BY_NATURE[exception]})`);
          continue;
        }
        if (node.maxLength === undefined) unbounded.push(`${path}: no maximum`);
        else if (node.maxLength > MAX_STRING) unbounded.push(`${path}: maximum ${node.maxLength}`);
      }
    }
    expect(unbounded).toEqual([]);
  });
});
