import type { CountryListResponseSchema } from '@grain/shared';
import type { z } from 'zod';
import type { Ctx } from '../../lib/context.js';
import * as q from './queries.js';

/** Polish alphabetical order (Ł after L, Ś after S); the database's C collation would put them after Z. */
const POLISH = new Intl.Collator('pl');

/** GET /dictionary/country-list. */
export async function listCountries(ctx: Ctx): Promise<z.infer<typeof CountryListResponseSchema>> {
  const list = await q.listCountries(ctx.db);
  return { list: list.sort((a, b) => POLISH.compare(a.name, b.name)) };
}
