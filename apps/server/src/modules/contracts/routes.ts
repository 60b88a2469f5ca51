import { IdParamsSchema, QualityOptionsResponseSchema } from '@grain/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../../plugins/wire.js';
import { contractSideRoutes } from './routes-side.js';
import { salesQualityOptions } from './service/read.js';

/** spec/2 Purchase contracts and Sales contracts, plus the cargo call that needs a sales contract. */
export function contractRoutes(app: FastifyInstance) {
  contractSideRoutes(app);

  app.withTypeProvider<ZodTypeProvider>().get(
    '/cargo/sales-quality-option-list/:id',
    {
      config: { roles: ['ADMIN', 'USER'] },
      schema: { tags: ['cargo'], params: IdParamsSchema, response: { 200: QualityOptionsResponseSchema } },
    },
    (request) => salesQualityOptions(request.ctx, request.params.id),
  );
}
