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
 * The same plan writing JSON text straight away: no intermediate snake_case object for JSON.stringify to
 * walk again. Each object schema becomes one generated function (its fields' keys as literals); a mismatch only
 * says so, and the writer above is run then to say where.
 */
type WriteJson = (value: unknown) => string | undefined;

class AnswerMismatch extends Error {}
const mismatch = (): never => {
  throw new AnswerMismatch('answer does not match its schema');
};

/** Whether a schema's JSON writer always writes something (never leaves its field out). */
function alwaysWrites(schema: ZodType): boolean {
  const def = defOf(schema);
  if (def.type === 'nullable') return alwaysWrites(def.innerType!);
  return ['string', 'number', 'boolean', 'null', 'enum', 'literal', 'array', 'object'].includes(def.type);
}

function objectJsonWriter(shape: Record<string, ZodType>): WriteJson {
  const entries = Object.entries(shape);
  const writers = entries.map(([, child]) => jsonPlanOf(child));
  // Once a field that is always written has been, every later one takes a comma without asking.
  let isSomethingWritten = false;
  const body = entries
    .map(([key, child], index) => {
      const name = JSON.stringify(`${JSON.stringify(camelToSnake(key))}:`);
      const comma = isSomethingWritten ? "','" : "(out.length > 1 ? ',' : '')";
      const read = `writers[${index}](value[${JSON.stringify(key)}])`;
      if (alwaysWrites(child)) {
        isSomethingWritten = true;
        return `out += ${comma} + ${name} + ${read};`;
      }
      return `part = ${read};\n      if (part !== undefined) out += ${comma} + ${name} + part;`;
    })
    .join('\n      ');
  return new Function(
    'writers',
    'mismatch',
    `return (value) => {
      if (value === null || typeof value !== 'object' || Array.isArray(value)) return mismatch();
      let out = '{';
      let part;
      ${body}
      return out + '}';
    };`,
  )(writers, mismatch) as WriteJson;
}

const jsonPlans = new WeakMap<ZodType, WriteJson>();

function jsonPlanOf(schema: ZodType): WriteJson {
  const known = jsonPlans.get(schema);
  if (known) return known;
  const def = defOf(schema);
  let write: WriteJson;
  switch (def.type) {
    case 'object':
      write = def.catchall === undefined && def.shape ? objectJsonWriter(def.shape) : asJson(planOf(schema));
      break;
    case 'array': {
      const item = jsonPlanOf(def.element!);
      // As JSON.stringify writes an undefined array entry.
      write = (value) =>
        Array.isArray(value) ? `[${value.map((entry) => item(entry) ?? 'null').join(',')}]` : mismatch();
      break;
    }
    case 'optional': {
      const inner = jsonPlanOf(def.innerType!);
      write = (value) => (value === undefined ? undefined : inner(value));
      break;
    }
    case 'nullable': {
      const inner = jsonPlanOf(def.innerType!);
      write = (value) => (value === null ? 'null' : inner(value));
      break;
    }
    case 'string':
      write = (value) => (typeof value === 'string' ? jsonString(value) : mismatch());
      break;
    case 'number':
      // A finite number's JSON text is its string form.
      write = (value) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : mismatch());
      break;
    case 'boolean':
      write = (value) => (value === true ? 'true' : value === false ? 'false' : mismatch());
      break;
    case 'enum': {
      const texts = new Map(Object.values(def.entries ?? {}).map((value) => [value, JSON.stringify(value)]));
      write = (value) => texts.get(value) ?? mismatch();
      break;
    }
    default:
      // null, literals, unknown and what the plan hands to zod: the checked value, as JSON.
      write = asJson(planOf(schema));
  }
  jsonPlans.set(schema, write);
  return write;
}

/** What JSON text must escape in a string: quotes, backslashes, control characters, surrogates (lone ones). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the control characters are what JSON must escape.
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** A string's JSON text; most of an answer's strings (codes, names, numbers as text) need no escaping. */
const jsonString = (value: string) => (NEEDS_ESCAPE.test(value) ? JSON.stringify(value) : `"${value}"`);

function asJson(write: Write): WriteJson {
  return (value) => {
    try {
      return JSON.stringify(write(value));
    } catch {
      return mismatch();
    }
  };
}

/** The serializer of one response schema: checked, stripped, snake_case JSON. */
export function compileAnswerWriter(schema: ZodType): (data: unknown) => string {
  const writeJson = jsonPlanOf(schema);
  const write = planOf(schema);
  return (data) => {
    try {
      return writeJson(data) as string;
    } catch (error) {
      if (!(error instanceof AnswerMismatch)) throw error;
      // The slow writer says where; it agrees with the fast one, so it throws too.
      write(data);
      throw error;
    }
  };
}
