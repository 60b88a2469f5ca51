import { SearchRequestSchema, SearchResponseSchema } from '@grain/shared';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from '../../plugins/wire.js';
import { search } from './service.js';

const ANY_ROLE = { roles: ['ADMIN', 'USER'] as const };
const tags = ['search'];

const SEARCH_DESCRIPTION =
  'The command palette: up to 5 contracts (number, counterparty, address, comments), transports (order number ' +
  'ZT/<year>/<id> or id, carrier, driver, registration, comments), contractors (code, name, NIP, PESEL, city) and ' +
  'invoices (number, KSeF number, buyer, NIP) containing q, each kind through its trigram index. Refusals: ' +
  '400 VALIDATION_ERROR (q: required, minLength under 3 characters, maxLength over 100), 401 UNAUTHORIZED.';

/** One search over the app's records for the web's command palette (Ctrl+K). */
export function searchRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/search',
    {
      config: ANY_ROLE,
      schema: {
        tags,
        description: SEARCH_DESCRIPTION,
        querystring: SearchRequestSchema,
        response: { 200: SearchResponseSchema },
      },
    },
    (request) => search(request.ctx, request.query),
  );
}
