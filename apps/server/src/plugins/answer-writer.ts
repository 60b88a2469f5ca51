import { camelToSnake, toSnakeKeys } from '@grain/shared';
import type { ZodType } from 'zod';

/**
 * issue 15, Node CPU per list call: an answer is checked against its response schema and snake-cased in one pass
 * planned once per schema, instead of a zod parse (which copies the answer) followed by a key conversion (which
 * copies it again). The plan keeps what the parse guaranteed: fields the schema does not name are dropped, and a
 * value of the wrong type (string, number, boolean, null, literal, enum) fails the answer (a 500, as before).
 * Refinements (min, max, int, formats) are not re-checked on the way out. Shapes the plan does not cover
 * (unions, records, defaults, transforms...) fall back to the zod parse for that part.
 */
type Write = (value: unknown) => unknown;

interface ZodDef {
  type: string;
  shape?: Record<string, ZodType>;
  catchall?: unknown;
  element?: ZodType;
  innerType?: ZodType;
  values?: unknown[];
  entries?: Record<string, unknown>;
}
const defOf = (schema: ZodType) => (schema as unknown as { _zod: { def: ZodDef } })._zod.def;

/** Where the answer went wrong is put together only when it does, on the way up (no path string per field). */
class AnswerShapeError extends Error {
  private readonly segments: string[] = [];
  constructor(private readonly expected: string) {
    super(`answer does not match its schema at (root): expected ${expected}`);
  }
  at(segment: string): this {
    this.segments.unshift(segment);
    this.message = `answer does not match its schema at ${this.segments.join('')}: expected ${this.expected}`;
    return this;
  }
}
const wrong = (expected: string): never => {
  throw new AnswerShapeError(expected);
};
const within = (error: unknown, segment: string) => (error instanceof AnswerShapeError ? error.at(segment) : error);

function leaf(check: (value: unknown) => boolean, expected: string): Write {
  return (value) => (check(value) ? value : wrong(expected));
}

function objectWriter(shape: Record<string, ZodType>): Write {
  const fields = Object.entries(shape).map(([key, child]) => ({
    key,
    wireKey: camelToSnake(key),
    write: planOf(child),
  }));
  return (value) => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return wrong('an object');
    const source = value as Record<string, unknown>;
    const out: Record<string, unknown> = {};
    for (const field of fields) {
      let written: unknown;
      try {
        written = field.write(source[field.key]);
      } catch (error) {
        throw within(error, `.${field.key}`);
      }
      if (written !== undefined) out[field.wireKey] = written;
    }
    return out;
  };
}

function fallback(schema: ZodType): Write {
  return (value) => toSnakeKeys(schema.parse(value));
}

const plans = new WeakMap<ZodType, Write>();

function planOf(schema: ZodType): Write {
  const known = plans.get(schema);
  if (known) return known;
  const def = defOf(schema);
  let write: Write;
  switch (def.type) {
    case 'object':
      write = def.catchall === undefined && def.shape ? objectWriter(def.shape) : fallback(schema);
      break;
    case 'array': {
      const item = planOf(def.element!);
      write = (value) =>
        Array.isArray(value)
          ? value.map((entry, index) => {
              try {
                return item(entry);
              } catch (error) {
                throw within(error, `[${index}]`);
              }
            })
          : wrong('an array');
      break;
    }
    case 'optional': {
      const inner = planOf(def.innerType!);
      write = (value) => (value === undefined ? undefined : inner(value));
      break;
    }
    case 'nullable': {
      const inner = planOf(def.innerType!);
      write = (value) => (value === null ? null : inner(value));
      break;
    }
    case 'string':
      write = leaf((value) => typeof value === 'string', 'a string');
      break;
    case 'number':
      write = leaf((value) => typeof value === 'number' && Number.isFinite(value), 'a number');
      break;
    case 'boolean':
      write = leaf((value) => typeof value === 'boolean', 'a boolean');
      break;
    case 'null':
      write = leaf((value) => value === null, 'null');
      break;
    case 'literal': {
      const values = new Set(def.values);
      write = leaf((value) => values.has(value), 'a literal');
      break;
    }
    case 'enum': {
      const values = new Set(Object.values(def.entries ?? {}));
      write = leaf((value) => values.has(value), 'an enum value');
      break;
    }
    case 'unknown':
    case 'any':
      write = (value) => toSnakeKeys(value);
      break;
    default:
      write = fallback(schema);
  }
  plans.set(schema, write);
  return write;
}

/** The serializer of one response schema: checked, stripped, snake_case JSON. */
export function compileAnswerWriter(schema: ZodType): (data: unknown) => string {
  const write = planOf(schema);
  return (data) => JSON.stringify(write(data));
}
