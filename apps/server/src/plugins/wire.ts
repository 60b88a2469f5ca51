import { camelToSnake, type FieldError, toCamelKeys, V } from '@grain/shared';
import type { FastifyInstance, FastifySchema, FastifyTypeProvider } from 'fastify';
import { type ZodError, type ZodType, z } from 'zod';
import { AppError } from '../lib/errors.js';
import { compileAnswerWriter } from './answer-writer.js';

const VALIDATION_KEYS = new Set<string>(Object.values(V));

function wireField(path: readonly PropertyKey[]): string {
  return path.map((part) => (typeof part === 'string' ? camelToSnake(part) : String(part))).join('.');
}

/** The shared schemas' message key, or one derived from zod's issue code where a schema names none. */
function validationCode(issue: ZodError['issues'][number]): string {
  if (VALIDATION_KEYS.has(issue.message)) return issue.message;
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined || issue.input === null ? V.required : V.wrongType;
    case 'too_small':
      return issue.origin === 'string' ? V.minLength : V.tooSmall;
    case 'too_big':
      return issue.origin === 'string' ? V.maxLength : V.tooBig;
    case 'invalid_value':
      return V.oneOf;
    case 'invalid_format':
      return issue.format === 'email' ? V.email : V.wrongType;
    default:
      return V.wrongType;
  }
}

/** A request part that failed its zod schema; rendered as 400 VALIDATION_ERROR with per-field errors. */
export class RequestValidationError extends Error {
  readonly errors: FieldError[];
  constructor(error: ZodError) {
    super('Validation failed');
    // An unknown key is reported on the key itself, so the client sees which one (`filter.foo`, not `filter`).
    this.errors = error.issues.flatMap((issue) =>
      issue.code === 'unrecognized_keys'
        ? issue.keys.map((key) => ({ field: wireField([...issue.path, key]), code: V.unknownField }))
        : [{ field: wireField(issue.path), code: validationCode(issue) }],
    );
  }
}

/** Half of a surrogate pair: not well-formed Unicode, which jsonb refuses. */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** U+0000 or a lone surrogate: text PostgreSQL cannot store (text and jsonb refuse it). */
const isUnstorable = (text: string) => text.includes('\u0000') || LONE_SURROGATE.test(text);

/**
 * The wire path of the first string (value or key) PostgreSQL cannot store: it would fail in the database as a
 * 500 instead of being refused here as a wrong value (found by the bad-input suite, src/trust).
 */
function unstorableTextPath(value: unknown, path: (string | number)[] = []): (string | number)[] | null {
  if (typeof value === 'string') return isUnstorable(value) ? path : null;
  if (!value || typeof value !== 'object') return null;
  for (const [key, item] of Array.isArray(value) ? value.entries() : Object.entries(value)) {
    if (typeof key === 'string' && isUnstorable(key)) return [...path, key];
    const found = unstorableTextPath(item, [...path, key]);
    if (found) return found;
  }
  return null;
}

/**
 * The snake_case edge (ARCHITECTURE.md): request keys are camelised before the shared zod schemas see them,
 * and answers are checked against their response schema (so nothing unplanned leaves) and snake-cased.
 */
export function registerWireFormat(app: FastifyInstance): void {
  app.setValidatorCompiler(({ schema, httpPart }) => {
    const zodSchema = schema as unknown as ZodType;
    return (data: unknown) => {
      // Fastify's query object does not inherit from Object.prototype, so it is copied into a plain one to be camelised.
      const plain = httpPart === 'querystring' && data && typeof data === 'object' ? { ...data } : data;
      const input = httpPart === 'params' ? data : toCamelKeys(plain);
      const result = zodSchema.safeParse(input, { reportInput: true });
      if (result.success) {
        // Checked on the parsed value, so text inside JSON-encoded query fields (`filter`) is covered too.
        const unstorableAt = unstorableTextPath(result.data);
        if (!unstorableAt) return { value: result.data };
        const errors = [{ field: wireField(unstorableAt), code: V.wrongType }];
        return { error: new AppError('VALIDATION_ERROR', 'Validation failed', errors) };
      }
      if (httpPart === 'params') return { error: new AppError('ID_IS_NOT_A_NUMBER') };
      return { error: new RequestValidationError(result.error) };
    };
  });

  app.setSerializerCompiler(({ schema }) => compileAnswerWriter(schema as unknown as ZodType));
}

type JsonSchema = Record<string, unknown>;

/** Zod schemas to JSON Schema for the OpenAPI document, with snake_case property names as on the wire. */
function toWireJsonSchema(schema: unknown, io: 'input' | 'output'): JsonSchema {
  const json = z.toJSONSchema(schema as ZodType, { io, unrepresentable: 'any', target: 'draft-7' }) as JsonSchema;
  delete json.$schema;
  return snakeProperties(json) as JsonSchema;
}

function snakeProperties(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(snakeProperties);
  if (!node || typeof node !== 'object') return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === 'properties' && value && typeof value === 'object') {
      out.properties = Object.fromEntries(
        Object.entries(value).map(([name, child]) => [camelToSnake(name), snakeProperties(child)]),
      );
    } else if (key === 'required' && Array.isArray(value)) {
      out.required = value.map((name) => (typeof name === 'string' ? camelToSnake(name) : name));
    } else {
      out[key] = snakeProperties(value);
    }
  }
  return out;
}

export function openApiTransform({ schema, url }: { schema: FastifySchema; url: string }) {
  if (!schema) return { schema, url };
  const { response, body, querystring, params, headers, ...rest } = schema as Record<string, unknown>;
  const out: Record<string, unknown> = { ...rest };
  if (body) out.body = toWireJsonSchema(body, 'input');
  if (querystring) out.querystring = toWireJsonSchema(querystring, 'input');
  if (params) out.params = toWireJsonSchema(params, 'input');
  if (headers) out.headers = toWireJsonSchema(headers, 'input');
  if (response) {
    out.response = Object.fromEntries(
      Object.entries(response as Record<string, unknown>).map(([code, value]) => [
        code,
        toWireJsonSchema(value, 'output'),
      ]),
    );
  }
  return { schema: out as FastifySchema, url };
}

/** Handlers see the parsed (output) type of their request schemas and return the input type of the response schema. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends ZodType ? z.input<this['schema']> : unknown;
}
