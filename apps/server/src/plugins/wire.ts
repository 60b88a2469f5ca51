import { camelToSnake, type FieldError, MESSAGE_CODES, toCamelKeys, V, XLSX_CONTENT_TYPE } from '@grain/shared';
import type { FastifyInstance, FastifySchema, FastifyTypeProvider } from 'fastify';
import { type ZodError, type ZodType, z } from 'zod';
import { AppError } from '../lib/errors.js';
import { compileAnswerWriter } from '../lib/speed/answer-writer.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The content type of a route that answers a file (a PDF, the stored XML), for its OpenAPI answer. */
    fileType?: string;
    /** A GET a business rule can refuse with 409 (documented in OpenAPI). */
    canRefuse?: boolean;
  }
}

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
 * 500 instead of being refused here as a wrong value (found by the bad-input suite, test/trust).
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

/** The refusal body every error status answers (ARCHITECTURE.md, The API). */
const ERROR_BODY_SCHEMA: JsonSchema = {
  type: 'object',
  properties: {
    message_code: { type: 'string', enum: Object.keys(MESSAGE_CODES) },
    message: { type: 'string' },
    errors: {
      type: 'array',
      items: {
        type: 'object',
        properties: { field: { type: 'string' }, code: { type: 'string' } },
        required: ['field', 'code'],
        additionalProperties: false,
      },
    },
  },
  required: ['message_code', 'message'],
  additionalProperties: false,
};

const ERROR_DESCRIPTIONS: Record<number, string> = {
  400: 'Invalid request: VALIDATION_ERROR with per-field errors, ID_IS_NOT_A_NUMBER, BAD_REQUEST, ...',
  401: 'No valid session: UNAUTHORIZED, INVALID_TOKEN, DENIED_TOKEN, WRONG_CREDENTIALS',
  403: 'Not allowed: FORBIDDEN, ACCESS_DENIED (password expired), USER_DISABLED',
  404: 'The record (or path) does not exist: NOT_FOUND or the entity *_NOT_FOUND code',
  409: 'Refused by a business rule (RULES.md): WRONG_STATUS, ALLOCATE_QUANTITY_IS_TO_BIG, ...',
  413: "The body is over the route's limit (1 MB; a saved view 64 KB): PAYLOAD_TOO_LARGE",
  429: 'Too many attempts in the window, or too many password hashes at once: TOO_MANY_REQUESTS with Retry-After',
  500: 'Unexpected failure: INTERNAL_ERROR (logged)',
  503: 'The database does not answer (a restart, a failover): MISSING_DATABASE, with Retry-After in seconds',
};

/** Which refusals a route can answer, from what it declares (roles, body, rate limit). */
function errorStatuses(url: string, method: string, config: Record<string, unknown>): number[] {
  const isSessionCall = /\/api\/auth\/(login|refresh-token)$/.test(url);
  // Every route reads the database (the session check at least): 503 while it cannot be reached.
  const statuses = [400, 404, 500, 503];
  if (!config.public || isSessionCall) statuses.push(401, 403);
  if (method !== 'GET' && method !== 'HEAD') statuses.push(409, 413);
  // A GET that a business rule can refuse (an invoice's UPO before KSeF has sent it).
  else if (config.canRefuse) statuses.push(409);
  // An admin's user create hashes a password too: the hash gate (lib/passwords.ts) may answer it 429.
  if (config.rateLimit || url === '/api/profile/create') statuses.push(429);
  return statuses.sort((a, b) => a - b);
}

/**
 * GET list calls carry `filter` as JSON text in the query string (ARCHITECTURE.md, The API): documented as the
 * string it is; the object it holds is the `filter` of the POST form of the same call.
 */
function querystringOnWire(json: JsonSchema): JsonSchema {
  const properties = json.properties as Record<string, JsonSchema> | undefined;
  if (!properties?.filter) return json;
  return {
    ...json,
    properties: {
      ...properties,
      filter: {
        type: 'string',
        description:
          'The filter object as JSON text, snake_case keys (as `filter` in the POST body), e.g. {"status":["NEW"]}',
      },
    },
  };
}

export function openApiTransform({
  schema,
  url,
  route,
}: {
  schema: FastifySchema;
  url: string;
  route?: { method: string | string[]; config?: unknown };
}) {
  if (!schema) return { schema, url };
  const { response, body, querystring, params, headers, ...rest } = schema as Record<string, unknown>;
  const out: Record<string, unknown> = { ...rest };
  if (body) out.body = toWireJsonSchema(body, 'input');
  if (querystring) out.querystring = querystringOnWire(toWireJsonSchema(querystring, 'input'));
  if (params) out.params = toWireJsonSchema(params, 'input');
  if (headers) out.headers = toWireJsonSchema(headers, 'input');
  const answers: Record<string, unknown> = Object.fromEntries(
    Object.entries((response as Record<string, unknown>) ?? {}).map(([code, value]) => [
      code,
      toWireJsonSchema(value, 'output'),
    ]),
  );
  if (route && url.startsWith('/api/') && !url.startsWith('/api/docs')) {
    // File answers declare no JSON answer: the spreadsheet exports, or the file type the route names (a PDF, XML).
    const fileType = (route.config as { fileType?: string } | undefined)?.fileType;
    answers['200'] ??= {
      description: fileType ? 'The file' : 'The spreadsheet file',
      content: { [fileType ?? XLSX_CONTENT_TYPE]: { schema: { type: 'string', format: 'binary' } } },
    };
    const method = Array.isArray(route.method) ? String(route.method[0]) : route.method;
    for (const status of errorStatuses(url, method, (route.config ?? {}) as Record<string, unknown>)) {
      answers[String(status)] ??= { description: ERROR_DESCRIPTIONS[status], ...ERROR_BODY_SCHEMA };
    }
  }
  if (Object.keys(answers).length) out.response = answers;
  return { schema: out as FastifySchema, url };
}

/**
 * OpenAPI 3.0 `nullable` does not widen an `enum`: a nullable enum (`tolerance_type`, the statement's `filter.type`)
 * must list null itself, or a validator refuses the nulls the server accepts and answers.
 */
function withNullInNullableEnums(node: unknown): void {
  if (Array.isArray(node)) {
    for (const item of node) withNullInNullableEnums(item);
    return;
  }
  if (!node || typeof node !== 'object') return;
  const schema = node as JsonSchema;
  if (schema.nullable === true && Array.isArray(schema.enum) && !schema.enum.includes(null)) {
    schema.enum = [...schema.enum, null];
  }
  for (const value of Object.values(schema)) withNullInNullableEnums(value);
}

/** The whole generated document, once: see withNullInNullableEnums. */
export function openApiTransformObject(document: object) {
  const generated = 'openapiObject' in document ? document.openapiObject : document;
  withNullInNullableEnums(generated);
  return generated as Record<string, unknown>;
}

/** Handlers see the parsed (output) type of their request schemas and return the input type of the response schema. */
export interface ZodTypeProvider extends FastifyTypeProvider {
  validator: this['schema'] extends ZodType ? z.output<this['schema']> : unknown;
  serializer: this['schema'] extends ZodType ? z.input<this['schema']> : unknown;
}
