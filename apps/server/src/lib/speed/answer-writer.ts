import { camelToSnake, toSnakeKeys } from '@grain/shared';
import type { ZodType } from 'zod';

/**
 * Speed code that reads zod's private internals (`_zod.def`) and generates code: see README.md in this folder for
 * its measured gain, its equality test and its bench.
 *
 * Delete when zod ships a compiled (JIT) parse for zod 4 schemas, or `toSnakeKeys(schema.parse(value))` stops
 * showing in a list call's CPU profile (then wire.ts's serializer goes back to that one line).
 *
 * Node CPU per list call: an answer is checked against its response schema and snake-cased in one pass
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

/**
 * The same plan, compiled: each object schema becomes one generated function that checks its fields and builds
 * the snake_case object as one literal (its keys as literals, so every answer object has the same hidden
 * class), and the answer is written by one JSON.stringify. Measured on the logistics page's 50 rows, this is
 * about four times cheaper than writing the JSON text piece by piece (whose thousands of concatenated pieces
 * Fastify then flattened again to measure the answer's bytes). A mismatch only says so; the writer above is run
 * then to say where.
 */
type Build = (value: unknown) => unknown;

class AnswerMismatch extends Error {}
const mismatch = (): never => {
  throw new AnswerMismatch('answer does not match its schema');
};

/** A leaf's check as an inline expression over `x` (no call per field), or null when it needs its builder. */
function inlineCheck(schema: ZodType): string | null {
  const def = defOf(schema);
  switch (def.type) {
    case 'string':
      return "(typeof x === 'string' ? x : mismatch())";
    case 'number':
      return "(typeof x === 'number' && Number.isFinite(x) ? x : mismatch())";
    case 'boolean':
      return "(typeof x === 'boolean' ? x : mismatch())";
    case 'nullable': {
      const inner = inlineCheck(def.innerType!);
      return inner ? `(x === null ? null : ${inner})` : null;
    }
    case 'optional': {
      const inner = inlineCheck(def.innerType!);
      return inner ? `(x === undefined ? undefined : ${inner})` : null;
    }
    default:
      return null;
  }
}

function objectBuilder(shape: Record<string, ZodType>): Build {
  const entries = Object.entries(shape);
  const builders = entries.map(([, child]) => (inlineCheck(child) ? null : buildPlanOf(child)));
  // Read each field once into `x`, checked inline or by its builder; an undefined value is left out by
  // JSON.stringify, as the schema's optional fields are.
  const fields = entries
    .map(([key, child], index) => {
      const read = `(x = value[${JSON.stringify(key)}], ${inlineCheck(child) ?? `builders[${index}](x)`})`;
      return `${JSON.stringify(camelToSnake(key))}: ${read}`;
    })
    .join(',\n      ');
  return new Function(
    'builders',
    'mismatch',
    `return (value) => {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return mismatch();
      let x;
      return {
      ${fields}
      };
    };`,
  )(builders, mismatch) as Build;
}

const buildPlans = new WeakMap<ZodType, Build>();

function buildPlanOf(schema: ZodType): Build {
  const known = buildPlans.get(schema);
  if (known) return known;
  const def = defOf(schema);
  let build: Build;
  switch (def.type) {
    case 'object':
      build = def.catchall === undefined && def.shape ? objectBuilder(def.shape) : checked(planOf(schema));
      break;
    case 'array': {
      const item = buildPlanOf(def.element!);
      build = (value) => {
        if (!Array.isArray(value)) return mismatch();
        const out = new Array(value.length);
        for (let index = 0; index < value.length; index++) out[index] = item(value[index]);
        return out;
      };
      break;
    }
    case 'optional': {
      const inner = buildPlanOf(def.innerType!);
      build = (value) => (value === undefined ? undefined : inner(value));
      break;
    }
    case 'nullable': {
      const inner = buildPlanOf(def.innerType!);
      build = (value) => (value === null ? null : inner(value));
      break;
    }
    case 'string':
    case 'number':
    case 'boolean': {
      const check = new Function('mismatch', `return (x) => ${inlineCheck(schema)};`)(mismatch) as Build;
      build = check;
      break;
    }
    case 'enum': {
      const values = new Set(Object.values(def.entries ?? {}));
      build = (value) => (values.has(value) ? value : mismatch());
      break;
    }
    default:
      // null, literals, unknown and what the plan hands to zod: the checked value.
      build = checked(planOf(schema));
  }
  buildPlans.set(schema, build);
  return build;
}

function checked(write: Write): Build {
  return (value) => {
    try {
      return write(value);
    } catch {
      return mismatch();
    }
  };
}

/** The serializer of one response schema: checked, stripped, snake_case JSON. */
export function compileAnswerWriter(schema: ZodType): (data: unknown) => string {
  const build = buildPlanOf(schema);
  const write = planOf(schema);
  return (data) => {
    try {
      return JSON.stringify(build(data));
    } catch (error) {
      if (!(error instanceof AnswerMismatch)) throw error;
      // The slow writer says where; it agrees with the fast one, so it throws too.
      write(data);
      throw error;
    }
  };
}
