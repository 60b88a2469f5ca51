import { ACTIVE_TRANSPORT_STATUSES } from '@grain/shared';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { rowsOf } from './client.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('the active transport statuses in the database (the twin of ACTIVE_TRANSPORT_STATUSES)', () => {
  it('are exactly the shared constant in every partial index over active transports', async () => {
    const indexes = rowsOf<{ name: string; predicate: string }>(
      await t.db.execute(sql`select c.relname as name, pg_get_expr(i.indpred, i.indrelid) as predicate
        from pg_index i join pg_class c on c.oid = i.indexrelid
        where i.indrelid = 'transports'::regclass and c.relname like 'transports_active%'`),
    );
    expect(indexes.map((index) => index.name).sort()).toEqual([
      'transports_active_driver_document_key_idx',
      'transports_active_idx',
      'transports_active_registration_key_idx',
    ]);
    for (const index of indexes) {
      const statuses = [...index.predicate.matchAll(/'([A-Z_]+)'/g)].map((match) => match[1]);
      expect(statuses, index.name).toEqual([...ACTIVE_TRANSPORT_STATUSES]);
    }
  });
});
