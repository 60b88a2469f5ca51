import { readFileSync } from 'node:fs';
import type { ErrorObject, ValidateFunction } from 'ajv';
import AjvModule from 'ajv';
import addFormatsModule from 'ajv-formats';

/**
 * Checks every request the fake KSeF receives and every answer it sends against the official OpenAPI document
 * (`open-api.json` beside this file, OpenAPI 3.0.4). OpenAPI 3.0 schemas are JSON Schema draft 4/5 with OpenAPI's
 * own words: `nullable` (rewritten here to `anyOf [schema, null]`, since ajv allows it only beside `type`) and the
 * formats int32, int64, double, byte, date-time, date and uri (ajv-formats).
 */
const Ajv = AjvModule as unknown as typeof AjvModule.default;
const addFormats = addFormatsModule as unknown as typeof addFormatsModule.default;

type Schema = Record<string, unknown>;
interface Parameter {
  name: string;
  in: 'path' | 'query' | 'header';
  required?: boolean;
  schema: Schema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
}
interface OpenApiDocument {
  openapi: string;
  info: { version: string; description: string };
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: Record<string, Schema> };
}

const DOCUMENT_ID = 'ksef-openapi';

/** `nullable: true` → `anyOf: [rest, {type: null}]`; `#/components/…` → the document's id; examples dropped. */
function toJsonSchema(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(toJsonSchema);
  if (!value || typeof value !== 'object') return value;
  const schema: Schema = {};
  for (const [key, child] of Object.entries(value)) {
    if (key === 'example' || key === 'examples' || key === 'nullable' || key === 'deprecated' || key === 'readOnly') {
      continue;
    }
    if (key === '$ref' && typeof child === 'string' && child.startsWith('#/')) schema.$ref = `${DOCUMENT_ID}${child}`;
    else schema[key] = toJsonSchema(child);
  }
  return (value as Schema).nullable === true ? { anyOf: [schema, { type: 'null' }] } : schema;
}

export interface RequestToCheck {
  params: Record<string, string>;
  query: Record<string, string>;
  contentType: string | null;
  body: unknown;
}

export class OpenApiChecker {
  /** The API version the document describes ("Wersja API: 2.6.0" in its description; `info.version` is "v2"). */
  readonly apiVersion: string | null;
  private readonly document: OpenApiDocument;
  private readonly ajv = new Ajv({ strict: false, allErrors: true });
  /** Parameters arrive as text: compared after ajv's type coercion. */
  private readonly parametersAjv = new Ajv({ strict: false, allErrors: true, coerceTypes: true });
  private readonly compiled = new Map<string, ValidateFunction>();

  constructor(path: URL = new URL('./open-api.json', import.meta.url)) {
    this.document = JSON.parse(readFileSync(path, 'utf8')) as OpenApiDocument;
    this.apiVersion = /Wersja API:\*\*\s*([\d.]+)/.exec(this.document.info.description)?.[1] ?? null;
    const components = toJsonSchema({ components: this.document.components }) as Schema;
    for (const ajv of [this.ajv, this.parametersAjv]) {
      addFormats(ajv);
      ajv.addSchema(components, DOCUMENT_ID);
    }
  }

  /** The operation, e.g. `POST /sessions/online` → its definition; throws for one the document lacks. */
  operation(key: string): Operation {
    const [method, path] = key.split(' ') as [string, string];
    const operation = this.document.paths[path]?.[method.toLowerCase()];
    if (!operation) throw new Error(`the OpenAPI document has no operation ${key}`);
    return operation;
  }

  /** What is wrong with a request to `key`: path and query parameters, content type and body. */
  checkRequest(key: string, request: RequestToCheck): string[] {
    const operation = this.operation(key);
    const problems: string[] = [];
    for (const location of ['path', 'query'] as const) {
      const parameters = (operation.parameters ?? []).filter((parameter) => parameter.in === location);
      const values = location === 'path' ? request.params : request.query;
      for (const name of Object.keys(values)) {
        if (!parameters.some((parameter) => parameter.name === name))
          problems.push(`${location} parameter ${name} is not documented`);
      }
      const schema = {
        type: 'object',
        properties: Object.fromEntries(parameters.map((parameter) => [parameter.name, toJsonSchema(parameter.schema)])),
        required: parameters.filter((parameter) => parameter.required).map((parameter) => parameter.name),
      };
      problems.push(...this.validate(`${key} ${location}`, schema, { ...values }, this.parametersAjv, location));
    }
    const body = operation.requestBody?.content;
    if (!body) {
      if (request.body !== undefined && request.body !== null) problems.push('the operation takes no body');
      return problems;
    }
    const mediaType = request.contentType?.split(';')[0]?.trim() ?? null;
    const content = mediaType ? body[mediaType] : undefined;
    if (!content) return [...problems, `content type ${mediaType} is not one of ${Object.keys(body).join(', ')}`];
    return [...problems, ...this.validate(`${key} body ${mediaType}`, content.schema, request.body, this.ajv, 'body')];
  }

  /** What is wrong with an answer: a status the operation does not document, or a body off its schema. */
  checkResponse(key: string, status: number, contentType: string | null, body: unknown): string[] {
    const response = this.operation(key).responses[String(status)];
    if (!response) return [`status ${status} is not documented for ${key}`];
    if (!response.content) return body === undefined || body === '' ? [] : [`status ${status} has no body`];
    const mediaType = contentType?.split(';')[0]?.trim() ?? '';
    const content = response.content[mediaType];
    if (!content) return [`content type ${mediaType} is not documented for ${status}`];
    let value = body;
    if (mediaType.endsWith('json') && typeof body === 'string') {
      try {
        value = JSON.parse(body);
      } catch {
        return ['the body is not JSON'];
      }
    }
    return this.validate(`${key} ${status} ${mediaType}`, content.schema, value, this.ajv, 'answer');
  }

  private validate(cacheKey: string, schema: unknown, value: unknown, ajv: typeof this.ajv, what: string): string[] {
    let check = this.compiled.get(cacheKey);
    if (!check) {
      check = ajv.compile(toJsonSchema(schema) as Schema);
      this.compiled.set(cacheKey, check);
    }
    if (check(value)) return [];
    // A body schema often says `required` twice (beside its `allOf` and inside it): one line per problem.
    return [
      ...new Set((check.errors ?? []).map((error: ErrorObject) => `${what}${error.instancePath} ${error.message}`)),
    ];
  }
}
