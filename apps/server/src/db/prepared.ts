import { withPlannedRowMapping } from '../lib/speed/row-mapper.js';
import type { Db } from './client.js';

const everyPrepare: ((db: Db) => unknown)[] = [];

/**
 * How every statement prepared per database (in the modules loaded so far) is built, as Drizzle builds it, before
 * its rows get a planned mapping: the row mapper's equality test compares the two mappings on each of them.
 */
export const statementsPreparedPerDatabase = (): readonly ((db: Db) => unknown)[] => everyPrepare;

/**
 * A statement that Drizzle builds once per database handle and PostgreSQL plans once per connection, then only
 * executes (building and planning a wide select cost more than running it). Everything that varies
 * between calls is a `sql.placeholder`. Fit for statements whose best plan does not depend on the values (a key,
 * a list of ids): PostgreSQL then keeps one generic plan. A LIMIT or a search pattern as a parameter makes it plan
 * anew on every call, so such statements stay one-off. Its rows are mapped by a plan made once (lib/speed/row-mapper.ts).
 */
export function preparedPerDatabase<S>(prepare: (db: Db) => S): (db: Db) => S {
  everyPrepare.push(prepare);
  const byDb = new WeakMap<Db, S>();
  return (db) => {
    let statement = byDb.get(db);
    if (!statement) {
      statement = withPlannedRowMapping(prepare(db));
      byDb.set(db, statement);
    }
    return statement;
  };
}
