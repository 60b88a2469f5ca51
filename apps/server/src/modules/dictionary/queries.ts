import type { Db } from '../../db/client.js';
import { countries } from '../../db/schema/index.js';

export function listCountries(db: Db) {
  return db.select().from(countries);
}
