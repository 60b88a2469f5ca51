import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertDeliveredTransport } from '../../test/fixtures/settlements.js';
import { resetDatabase, testDatabase } from '../../test/harness.js';
import { findPgError } from '../lib/errors.js';
import { type Db, rowsOf } from './client.js';
import { ENUM_COLUMNS, enumCheckName } from './enum-checks.js';

/**
 * The database refuses what the rules refuse, whoever writes to it: every enumerated column takes only the values
 * of its shared constant, and quantities stay non-negative. Each CHECK is tried with a direct SQL write.
 */
let db: Db;
beforeAll(async () => {
  db = (await testDatabase()).db;
  await resetDatabase(db);
  const delivery = await insertDeliveredTransport(db);
  await db.execute(sql`insert into contractor_contacts (contractor_id, gender)
    values (${delivery.purchaseTx.contractorId}, 'female')`);
  await db.execute(sql`insert into contractor_certificates (contractor_id, kind, number, valid_to)
    values (${delivery.purchaseTx.contractorId}, 'QS', 'QS-1', '2027-01-01')`);
  await db.execute(sql`insert into saved_views (user_id, list_key, name, state)
    values ((select min(id) from users), 'logistics', 'Widok', '{}'::jsonb)`);
  await db.execute(sql`insert into list_page_sizes (user_id, list_key, page_size)
    values ((select min(id) from users), 'logistics', 25)`);
  await db.execute(sql`insert into mail_outbox (recipients, subject, body) values (array['a@b.pl'], 's', 'b')`);
  await db.execute(sql`insert into company_settings (name, city, nip) values ('Firma', 'Poznań', '5260250274')`);
  await db.execute(sql`insert into quality_params (quality_id, name, type)
    values ((select min(id) from raw_material_qualities), 'Wilgotność test', 'number')`);
  await db.execute(sql`insert into exchange_rates (currency, effective_date, rate, source)
    values ('EUR', '2026-11-27', 42305, 'MANUAL')`);
  await db.execute(sql`insert into weighbridge_tickets (number, transport_id, side, registration_number, scale_name,
      operator_name, gross_kg, gross_source, tare_kg, tare_source, net_kg, status, closed_at)
    values ('KW/2026/0001', (select min(id) from transports), 'UNLOADING', 'PO 12345', 'Waga 1', 'Operator', 40000,
      'manual', 15000, 'indicator', 25000, 'CLOSED', now())`);
  await db.execute(sql`insert into price_list_entries (raw_material_quality_id, supplier_kind, payment_term_days, price,
      valid_from, valid_to, source)
    values ((select min(id) from raw_material_qualities), 'VAT', 14, 100000, '2026-11-01', '2026-11-30', 'MANUAL')`);
});
afterAll(() => resetDatabase(db));

/** Runs one write in its own transaction, rolled back, and answers the SQLSTATE and constraint it failed on. */
async function refusal(statement: ReturnType<typeof sql.raw>): Promise<{ code?: string; constraint?: string }> {
  try {
    await db.transaction(async (tx) => {
      await tx.execute(statement);
      throw new Error('accepted');
    });
  } catch (error) {
    const pg = findPgError(error);
    return { code: pg?.code, constraint: pg?.constraint };
  }
  return {};
}

/** A table's row to update; a table keyed by another column than id names it here. */
const KEY_COLUMN: Record<string, string> = { list_page_sizes: 'user_id' };
const keyOf = (table: string) => KEY_COLUMN[table] ?? 'id';
const firstRow = (table: string) => `(select min("${keyOf(table)}") from "${table}")`;

describe('CHECK constraints of enumerated columns', () => {
  it.each(ENUM_COLUMNS.map((entry) => [`${entry.table}.${entry.column}`, entry] as const))(
    '%s allows exactly the shared values',
    async (_label, entry) => {
      const [row] = rowsOf<{ definition: string }>(
        await db.execute(sql`select pg_get_constraintdef(oid) as definition from pg_constraint
          where conname = ${enumCheckName(entry)} and conrelid = ${entry.table}::regclass`),
      );
      expect(row, `constraint ${enumCheckName(entry)}`).toBeDefined();
      const allowed = [...row!.definition.matchAll(/'([^']*)'/g)].map((match) => match[1]);
      expect(new Set(allowed)).toEqual(new Set(entry.values));
    },
  );

  it.each(ENUM_COLUMNS.map((entry) => [`${entry.table}.${entry.column}`, entry] as const))(
    '%s refuses a value outside the list',
    async (_label, entry) => {
      const result = await refusal(
        sql.raw(
          `update "${entry.table}" set "${entry.column}" = 'Z' where "${keyOf(entry.table)}" = ${firstRow(entry.table)}`,
        ),
      );
      expect(result).toEqual({ code: '23514', constraint: enumCheckName(entry) });
    },
  );
});

describe('CHECK constraints of quantities', () => {
  it.each([
    ['allocations', 'in_delivery_kg', 'allocations_progress_non_negative'],
    ['allocations', 'delivered_kg', 'allocations_progress_non_negative'],
    ['transports', 'real_cargo_quantity_kg', 'transports_real_quantity_non_negative'],
    ['unloadings', 'real_cargo_quantity_kg', 'unloadings_figures_non_negative'],
    ['unloadings', 'real_cargo_price', 'unloadings_figures_non_negative'],
    ['unloadings', 'purchase_deductions', 'unloadings_figures_non_negative'],
    ['unloadings', 'sales_deductions', 'unloadings_figures_non_negative'],
    ['unloadings', 'transport_deductions', 'unloadings_figures_non_negative'],
    ['transactions', 'real_quantity_kg', 'transactions_quantities_non_negative'],
    ['transactions', 'final_quantity_kg', 'transactions_quantities_non_negative'],
    ['transactions', 'deductions', 'transactions_quantities_non_negative'],
    ['transactions', 'surcharges', 'transactions_quantities_non_negative'],
    ['contracts', 'allocated_kg', 'contracts_derived_non_negative'],
    ['price_list_entries', 'price', 'price_list_entries_price_positive'],
    ['price_list_entries', 'payment_term_days', 'price_list_entries_payment_term_valid'],
  ])('%s.%s below zero is refused', async (table, column, constraint) => {
    const result = await refusal(
      sql.raw(`update "${table}" set "${column}" = -1 where "${keyOf(table)}" = ${firstRow(table)}`),
    );
    expect(result).toEqual({ code: '23514', constraint });
  });
});

describe('price list entries (CONTRIBUTING.md Price lists)', () => {
  it('refuses an entry ending before it starts', async () => {
    const result = await refusal(
      sql.raw(`update price_list_entries set valid_to = valid_from - 1 where id = ${firstRow('price_list_entries')}`),
    );
    expect(result).toEqual({ code: '23514', constraint: 'price_list_entries_days_in_order' });
  });
});

describe('allocations within the upper tolerance limit', () => {
  const purchase = `(select min(id) from contracts where type = 'PURCHASE')`;

  it('refuses a direct SQL over-allocation past limit + over-delivered kg', async () => {
    const result = await refusal(
      sql.raw(
        `update contracts set allocated_kg = tolerance_upper_limit_kg + over_delivered_kg + 1 where id = ${purchase}`,
      ),
    );
    expect(result).toEqual({ code: '23514', constraint: 'contracts_allocated_within_tolerance' });
  });

  it('lets recorded over-delivered kg take the allocation past the limit, in the same statement', async () => {
    const result = await refusal(
      sql.raw(`update contracts set over_delivered_kg = 1000, allocated_kg = tolerance_upper_limit_kg + 1000
        where id = ${purchase}`),
    );
    // refusal() rolls the accepted write back and finds no PostgreSQL error in it.
    expect(result).toEqual({ code: undefined, constraint: undefined });
  });

  it('refuses negative over-delivered kg', async () => {
    const result = await refusal(
      sql.raw(`update contracts set over_delivered_kg = -1, allocated_kg = 0 where id = ${purchase}`),
    );
    expect(result).toEqual({ code: '23514', constraint: 'contracts_over_delivered_non_negative' });
  });
});
