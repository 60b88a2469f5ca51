import { createHash } from 'node:crypto';
import type { Db } from './client.js';

/**
 * Statements that Drizzle builds and PostgreSQL plans once per database handle and key, then only executes
 * (issue 15: building and planning a list's wide select cost more than running it for a page of rows). The key
 * names what shapes the statement's text (a tab, a sort); everything else that varies between calls must be a
 * `sql.placeholder`, because a value written in while building stays fixed for the key. Keys come from closed sets
 * (sort keys, tabs, statuses), so the number of statements stays bounded.
 */
export function preparedStatements<S>(name: string) {
  const byDb = new WeakMap<Db, Map<string, S>>();
  return (db: Db, key: string, build: (statementName: string) => S): S => {
    let statements = byDb.get(db);
    if (!statements) {
      statements = new Map();
      byDb.set(db, statements);
    }
    let statement = statements.get(key);
    if (!statement) {
      // PostgreSQL names are at most 63 bytes and one name is one text per connection: a short hash of the key.
      const suffix = key ? `_${createHash('sha1').update(key).digest('hex').slice(0, 16)}` : '';
      statement = build(`${name}${suffix}`);
      statements.set(key, statement);
    }
    return statement;
  };
}
