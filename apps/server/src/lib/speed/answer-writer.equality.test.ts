import { toCamelKeys, toSnakeKeys } from '@grain/shared';
import fc from 'fast-check';
import type { RouteOptions } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { type ZodType, z } from 'zod';
import { testConfig, testDatabase } from '../../../test/harness.js';
import { broken, type JsonSchema } from '../../../test/trust/arbitraries.js';
import { buildApp } from '../../app.js';
import { compileAnswerWriter } from './answer-writer.js';

/**
 * The answer writer against zod's own path, over every response schema the server declares (read from the routes
 * as registered, so a new route is covered without being listed): for generated answers that zod's parse accepts,
 * the writer's text is exactly `JSON.stringify(toSnakeKeys(schema.parse(answer)))`, what the wire wrote before it
 * (README.md in this folder). Answers carry unknown keys, missing optional fields, wrong values and odd text
 * (test/trust/arbitraries.ts), so stripping and refusing are compared too.
 */
const RUNS_PER_SCHEMA = 60;

interface ResponseSchema {
  name: string;
  schema: ZodType;
}

const responseSchemas: ResponseSchema[] = [];
beforeAll(async () => {
  // The run's shared database (closed with the run): building the app needs one, no route is called.
  const database = await testDatabase();
  const seen: RouteOptions[] = [];
  const app = await buildApp({ db: database.db, config: testConfig(), onRoute: (route) => seen.push(route) });
  await app.ready();
  await app.close();
  for (const route of seen) {
    const response = (route.schema as { response?: Record<string, ZodType> } | undefined)?.response ?? {};
    for (const [status, schema] of Object.entries(response)) {
      responseSchemas.push({ name: `${route.method} ${route.url} ${status}`, schema });
    }
  }
});

/** Generated answers in the shape of the schema's output (camelCase keys, as handlers return them). */
function answers(schema: ZodType): fc.Arbitrary<unknown> {
  const node = z.toJSONSchema(schema, { io: 'output', unrepresentable: 'any' }) as JsonSchema;
  return broken(node).map(({ value }) => toCamelKeys(value));
}

/** What the wire wrote before the answer writer: zod's parse, its keys snake-cased, JSON.stringify. */
function byZod(schema: ZodType, value: unknown): { text: string } | { refused: true } {
  const parsed = schema.safeParse(value);
  return parsed.success ? { text: JSON.stringify(toSnakeKeys(parsed.data)) } : { refused: true };
}

describe('the answer writer equals zod parse + toSnakeKeys + JSON.stringify', () => {
  it('finds the response schemas of the routes', () => {
    // Every list, form and action answers JSON through the writer: far more than a handful of schemas.
    expect(responseSchemas.length).toBeGreaterThan(50);
  });

  it('on generated answers of every response schema', () => {
    const neverAccepted: string[] = [];
    let compared = 0;
    for (const { name, schema } of responseSchemas) {
      const write = compileAnswerWriter(schema);
      let accepted = 0;
      fc.assert(
        fc.property(answers(schema), (value) => {
          const expected = byZod(schema, value);
          if ('refused' in expected) return;
          accepted += 1;
          expect(write(value), name).toBe(expected.text);
        }),
        { numRuns: RUNS_PER_SCHEMA, seed: Number(process.env.FC_SEED ?? Date.now()) },
      );
      compared += accepted;
      if (accepted === 0) neverAccepted.push(name);
    }
    // A schema none of whose generated answers zod accepts would be compared on nothing.
    expect(neverAccepted).toEqual([]);
    expect(compared).toBeGreaterThan(responseSchemas.length * 5);
  });

  it('refuses what zod refuses for a wrong type (a 500, as the parse gave)', () => {
    for (const { name, schema } of responseSchemas) {
      const write = compileAnswerWriter(schema);
      for (const wrong of [null, 'text', 12, [1]]) {
        if (schema.safeParse(wrong).success) continue;
        expect(() => write(wrong), name).toThrow();
      }
    }
  });
});
