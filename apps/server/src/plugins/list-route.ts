import type { UserRole } from '@grain/shared';
import type { FastifyInstance, FastifySchema } from 'fastify';
import type { ZodType, z } from 'zod';
import type { Ctx } from '../lib/context.js';
import { refusePastCappedCount } from '../lib/list.js';

/** One list call: who may call it, its parameters and its answer. */
export interface ListRoute<Params extends ZodType, Answer extends ZodType> {
  roles: readonly UserRole[];
  tags: string[];
  params: Params;
  answer: Answer;
}

/**
 * ARCHITECTURE.md The API: a list call takes the same parameters as a query string (GET, a filter as JSON text) or
 * as a JSON body (POST) and gives the same answer; both methods are registered from this one declaration.
 */
export function listRoute<Params extends ZodType, Answer extends ZodType>(
  app: FastifyInstance,
  url: string,
  route: ListRoute<Params, Answer>,
  handler: (ctx: Ctx, params: z.output<Params>) => Promise<z.input<Answer>>,
): void {
  // The schemas validate and serialise as on any route (plugins/wire.ts); the handler's types come from the generics.
  const config = { roles: route.roles };
  const response = { 200: route.answer };
  const query: FastifySchema = { tags: route.tags, querystring: route.params, response };
  const body: FastifySchema = { tags: route.tags, body: route.params, response };
  // Every list refuses a page past its capped count, whichever query helper it uses (lib/list.ts).
  const answer = async (ctx: Ctx, params: z.output<Params>) => {
    const result = await handler(ctx, params);
    const offset = (params as { offset?: unknown }).offset;
    if (typeof offset === 'number') refusePastCappedCount(offset, result as { filteredCapped?: boolean });
    return result;
  };
  app.get(url, { config, schema: query }, (request) => answer(request.ctx, request.query as z.output<Params>));
  app.post(url, { config, schema: body }, (request) => answer(request.ctx, request.body as z.output<Params>));
}
