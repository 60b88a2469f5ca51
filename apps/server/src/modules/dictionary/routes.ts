import { CountryListResponseSchema } from '@grain/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../../plugins/wire.js';
import { listCountries } from './service.js';

export function dictionaryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/dictionary/country-list',
    {
      config: { roles: ['ADMIN', 'USER'] },
      schema: { tags: ['dictionary'], response: { 200: CountryListResponseSchema } },
    },
    (request) => listCountries(request.ctx),
  );
}
