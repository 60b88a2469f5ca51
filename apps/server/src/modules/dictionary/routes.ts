import { CountryListResponseSchema } from '@grain/shared';
import type { FastifyInstance } from 'fastify';
import { countries } from '../../db/schema.js';
import type { ZodTypeProvider } from '../../plugins/wire.js';

/** Polish alphabetical order (Ł after L, Ś after S); the database's C collation would put them after Z. */
const POLISH = new Intl.Collator('pl');

export function dictionaryRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/dictionary/country-list',
    {
      config: { roles: ['ADMIN', 'USER'] },
      schema: { tags: ['dictionary'], response: { 200: CountryListResponseSchema } },
    },
    async (request) => {
      const list = await request.ctx.db.select().from(countries);
      return { list: list.sort((a, b) => POLISH.compare(a.name, b.name)) };
    },
  );
}
