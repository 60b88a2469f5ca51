import { camelToSnake } from '@grain/shared';
import fc from 'fast-check';
import { type ZodType, z } from 'zod';

/**
 * Request inputs generated from a route's zod schema (through its JSON Schema, property names in snake_case as on
 * the wire): first a plausible value of the right shape, then one thing broken in it. Plausible values get far
 * enough to reach the services and the database; the broken part is what a careless or hostile client sends.
 */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  format?: string;
  pattern?: string;
};

export function wireJsonSchema(schema: ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

const HUGE_STRING = 'x'.repeat(100_000);

/** Values no field should take, whatever its type (huge strings and numbers, wrong types, ...). */
export const badValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    null,
    true,
    false,
    '',
    ' ',
    'abc',
    HUGE_STRING,
    '\u0000',
    'a\u0000b',
    '\ud800',
    "'; drop table contracts; --",
    '=HYPERLINK("http://x")',
    '1e3',
    '0x10',
    'NaN',
    '2026-02-30',
    '-1',
    1e300,
    -1e300,
    Number.MAX_SAFE_INTEGER + 2,
    Number.MIN_SAFE_INTEGER - 2,
    2_147_483_648,
    -1,
    -0.5,
    1.5,
    0,
    [],
    {},
    [1, 2, 3],
    { nested: { deeper: true } },
    Array.from({ length: 1000 }, (_, index) => index),
  ),
  fc.string({ maxLength: 40 }),
  fc.integer(),
  fc.double({ noNaN: true }),
);

const isoDate = fc
  .date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

const digits = (length: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length, maxLength: length });

/** Strings that look like what a field of that name holds, so that more of them pass validation. */
function stringFor(name: string, node: JsonSchema): fc.Arbitrary<string> {
  const max = Math.min(node.maxLength ?? 300, 300);
  const min = Math.min(node.minLength ?? 0, max);
  if (/date/i.test(name)) return fc.oneof(isoDate, fc.constantFrom('2026-03-01', '2026-12-31'));
  if (/(^|\.)nip$/i.test(name)) return digits(10);
  if (/(^|\.)pesel$/i.test(name)) return digits(11);
  if (/post_?code/i.test(name)) return fc.constantFrom('60-001', '00-950');
  if (/country_?code$/i.test(name)) return fc.constantFrom('PL', 'DE');
  if (/e_?mail/i.test(name)) return fc.oneof(fc.emailAddress(), fc.constant('admin@example.com'));
  // A strong uncommon one (accepted), a strong common one (refused as common) and a weak one.
  if (/password/i.test(name)) return fc.constantFrom('Ziarno-Test7!', 'Zmiana-Hasla8?', 'Secret123!', 'short');
  if (node.pattern) {
    try {
      return fc.stringMatching(new RegExp(node.pattern)).filter((text) => text.length <= max);
    } catch {
      // A pattern fast-check cannot read: plain strings below.
    }
  }
  return fc.oneof(
    fc.string({ minLength: min, maxLength: max }),
    fc.constantFrom(...[max, min].map((length) => 'ż'.repeat(length))),
  );
}

function safe(value: number | undefined, fallback: number): number {
  if (value === undefined || !Number.isFinite(value)) return fallback;
  return Math.max(Number.MIN_SAFE_INTEGER, Math.min(Number.MAX_SAFE_INTEGER, value));
}

/** A value of the node's shape, with boundary values (minimum, maximum, longest) often. */
export function plausible(node: JsonSchema, name = '', depth = 0): fc.Arbitrary<unknown> {
  if (node.const !== undefined) return fc.constant(node.const);
  if (node.enum) return fc.constantFrom(...node.enum);
  const branches = node.anyOf ?? node.oneOf;
  if (branches?.length) return fc.oneof(...branches.map((branch) => plausible(branch, name, depth)));
  if (node.allOf?.length) return plausible(node.allOf[0]!, name, depth);
  const type = Array.isArray(node.type) ? node.type[0] : node.type;
  switch (type) {
    case 'object':
      return objectOf(node, name, depth);
    case 'array': {
      const maxLength = Math.min(node.maxItems ?? 3, 3, depth > 2 ? 1 : 3);
      return fc.array(plausible(node.items ?? {}, name, depth + 1), {
        minLength: Math.min(node.minItems ?? 0, maxLength),
        maxLength,
      });
    }
    case 'string':
      return stringFor(name, node);
    case 'integer': {
      const min = safe(node.minimum ?? (node.exclusiveMinimum ?? -Infinity) + 1, -1_000_000);
      const max = safe(node.maximum ?? (node.exclusiveMaximum ?? Infinity) - 1, 10_000_000);
      return fc.oneof(
        fc.integer({ min, max }),
        fc.constantFrom(min, max),
        fc.integer({ min, max: Math.min(max, min + 5) }),
      );
    }
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: node.minimum, max: node.maximum });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

function objectOf(node: JsonSchema, name: string, depth: number): fc.Arbitrary<Record<string, unknown>> {
  const properties = node.properties ?? {};
  const required = new Set(node.required ?? []);
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  // Children are named by their path (`dateLoading.from`), so a range's ends look like what the range holds.
  for (const [key, child] of Object.entries(properties)) {
    record[camelToSnake(key)] = plausible(child, name ? `${name}.${key}` : key, depth + 1);
  }
  if (Object.keys(properties).sort().join() === 'from,to') {
    // A range: mostly in order, since a reversed one is refused before anything else is looked at.
    return fc.record(record, { requiredKeys: [] }).map((range) => {
      const { from, to } = range as { from?: unknown; to?: unknown };
      if (typeof from !== typeof to || from === null || to === null || (from as number) <= (to as number)) return range;
      return { from: to, to: from };
    });
  }
  const requiredKeys = Object.keys(properties)
    .filter((key) => required.has(key))
    .map(camelToSnake);
  return fc.record(record, { requiredKeys });
}

type Path = (string | number)[];

function pathsOf(value: unknown, prefix: Path = []): Path[] {
  if (!value || typeof value !== 'object') return [];
  const entries = Array.isArray(value) ? value.map((item, index) => [index, item] as const) : Object.entries(value);
  return entries.flatMap(([key, child]) => [[...prefix, key], ...pathsOf(child, [...prefix, key])]);
}

function valueAt(value: unknown, path: Path): unknown {
  return path.reduce<unknown>((at, key) => (at as Record<string | number, unknown>)[key], value);
}

/** A copy of the value with the part at the path replaced (undefined removes it). */
function withChange(value: unknown, path: Path, replacement: unknown) {
  const copy = structuredClone(value) as Record<string | number, unknown>;
  let parent = copy;
  for (const key of path.slice(0, -1)) parent = parent[key] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (replacement !== undefined) parent[last] = replacement;
  else if (Array.isArray(parent)) parent.splice(Number(last), 1);
  else delete parent[last];
  return copy;
}

/** Text that passes a string schema and must still never reach the database as a failure. */
const nastyString = fc.constantFrom(
  '\u0000',
  'a\u0000b',
  '\ud800',
  '\uffff',
  "'; drop table contracts; --",
  '=1+1',
  '%_\\',
  'ż'.repeat(255),
  ' ',
);

export type Breakage = 'bad-value' | 'bad-string' | 'missing' | 'unknown-key' | 'whole' | 'none';

/** A plausible value with one thing broken: a field set to a bad value, removed, an unknown key added, or all of it. */
export function broken(node: JsonSchema): fc.Arbitrary<{ value: unknown; breakage: Breakage }> {
  const kinds = fc.constantFrom<Breakage>(
    'bad-value',
    'bad-value',
    'bad-string',
    'missing',
    'unknown-key',
    'whole',
    'none',
  );
  const unknownKeys = fc.constantFrom('role', 'id', 'password_hash', 'created_by', 'zzz');
  return fc
    .tuple(plausible(node), kinds, fc.nat(), badValue, unknownKeys, nastyString)
    .map(([value, kind, pick, bad, unknownKey, nasty]) => {
      if (kind === 'none') return { value, breakage: kind };
      const paths = pathsOf(value);
      if (kind === 'bad-string') {
        const textPaths = paths.filter((path) => typeof valueAt(value, path) === 'string');
        if (textPaths.length === 0) return { value, breakage: 'none' as const };
        const path = textPaths[pick % textPaths.length]!;
        return { value: withChange(value, path, nasty), breakage: kind };
      }
      if (kind === 'whole' || paths.length === 0) return { value: bad, breakage: 'whole' as const };
      const path = paths[pick % paths.length]!;
      if (kind === 'missing') {
        return { value: withChange(value, path, undefined), breakage: kind };
      }
      if (kind === 'unknown-key') {
        const objectPaths = [[], ...paths].filter((candidate) => {
          const target = valueAt(value, candidate);
          return target !== null && typeof target === 'object' && !Array.isArray(target);
        });
        const at = objectPaths[pick % objectPaths.length]!;
        return {
          value: withChange(value, [...at, unknownKey], 1),
          breakage: kind,
        };
      }
      return { value: withChange(value, path, bad), breakage: kind };
    });
}

/** encodeURIComponent, with a lone surrogate sent as the invalid UTF-8 bytes a careless client would send. */
function encode(text: string): string {
  try {
    return encodeURIComponent(text);
  } catch {
    return [...text]
      .map((character) => (/[\ud800-\udfff]/.test(character) ? '%ED%A0%80' : encodeURIComponent(character)))
      .join('');
  }
}

/** Query-string form of a value: scalars as text, objects and arrays as JSON text (as the web app sends `filter`). */
export function toQueryString(value: unknown): string {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return `q=${encode(JSON.stringify(value))}`;
  return Object.entries(value)
    .map(([key, item]) => {
      const text = item !== null && typeof item === 'object' ? JSON.stringify(item) : String(item);
      return `${encode(key)}=${encode(text)}`;
    })
    .join('&');
}
