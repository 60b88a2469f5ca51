import {
  PositionListResponseSchema,
  PositionRequestSchema,
  PositionTimelineRequestSchema,
  PositionTimelineResponseSchema,
} from '@grain/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../../plugins/wire.js';
import { getPositions, getPositionTimeline } from './service.js';

const ANY_ROLE = { roles: ['ADMIN', 'USER'] as const };
const tags = ['positions'];

export function positionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/dashboard/position',
    { config: ANY_ROLE, schema: { tags, body: PositionRequestSchema, response: { 200: PositionListResponseSchema } } },
    (request) => getPositions(request.ctx, request.body ?? {}),
  );
  r.post(
    '/dashboard/position-timeline',
    {
      config: ANY_ROLE,
      schema: { tags, body: PositionTimelineRequestSchema, response: { 200: PositionTimelineResponseSchema } },
    },
    (request) => getPositionTimeline(request.ctx, request.body),
  );
}
