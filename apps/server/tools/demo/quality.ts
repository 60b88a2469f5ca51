import {
  defaultQualityTerms,
  type LabResult,
  lineValue,
  priceLineTotals,
  type QualityTerm,
  qualitySettlementRecord,
} from '@grain/shared';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/db/client.js';
import { rowsOf } from '../../src/db/client.js';

/** Deliveries given lab results: every third delivered, unsettled transport, at most this many (the demo stays fast). */
const LAB_RESULT_TRANSPORTS = 1500;

/** Every price option's quality terms, the defaults of its quality's parameters (cargo params). */
async function setDefaultTerms(db: Db) {
  const params = rowsOf<{ quality_id: number; name: string; type: string; unit: string | null; value: unknown }>(
    await db.execute(sql`select quality_id, name, type, unit, value from quality_params order by id`),
  );
  const byQuality = new Map<number, typeof params>();
  for (const param of params) byQuality.set(param.quality_id, [...(byQuality.get(param.quality_id) ?? []), param]);
  for (const [qualityId, qualityParams] of byQuality) {
    const terms = defaultQualityTerms(qualityParams);
    await db.execute(sql`update contract_price_options set quality_terms = ${JSON.stringify(terms)}::jsonb
      where raw_material_quality_id = ${qualityId}`);
  }
}

/**
 * A lab result near the basis, on either side, drawn from the transport id; every 30th delivery given results is past
 * the limit (counted in its own order, not by id, so a database whose ids started higher has as many rejections).
 */
function labResultsOf(transportId: number, ordinal: number, terms: readonly QualityTerm[]): LabResult[] {
  return terms.map((term, index) => {
    const isRejected = index === 0 && ordinal % 30 === 29;
    const deviation = isRejected ? 600 : (((transportId * 7 + index * 13) % 25) - 8) * 10;
    const value = term.direction === 'MAX' ? term.basis + deviation : term.basis - deviation;
    return { parameter: term.parameter, value: Math.max(0, value) };
  });
}

interface DeliveredRow {
  transport_id: number;
  unloading_id: number;
  gross_kg: number;
  purchase_terms: QualityTerm[];
}

interface GoodsRow {
  id: number;
  real_price: number;
  currency: string;
  deductions: number;
  terms: QualityTerm[];
}

/**
 * Demo deliveries with lab results, settled as a delivery with lab results is (rules/quality.ts): each
 * unsettled goods row gets its own contract's paid kg, price lines as deductions and surcharges, and the stored lines.
 */
export async function qualityStep(db: Db) {
  // Figures are read as int: node-postgres reads bigint as text, and text made "+" join digits and the stored
  // settlement carry strings where its schema has numbers.
  await setDefaultTerms(db);
  // Planner statistics of the freshly loaded tables: without them this pick ran as nested loops for minutes.
  await db.execute(sql`analyze transports, unloadings, transactions, contract_price_options`);
  const delivered = rowsOf<DeliveredRow>(
    await db.execute(sql`
      select t.id as transport_id, u.id as unloading_id, u.real_cargo_quantity_kg::int as gross_kg,
        o.quality_terms as purchase_terms
      from transports t
      join unloadings u on u.transport_id = t.id
      join contract_price_options o on o.contract_id = t.purchase_id and o.is_main_option
      -- Every unsettled delivery may be picked: the open book is the last months (generate.ts SETTLED_AFTER_DAYS), and
      -- a third of it left a small demo too few for every 30th to be rejected twice (one waiting, one decided).
      where t.status = 'DELIVERED' and u.lab_results is null
        and not exists (select 1 from transactions x where x.transport_id = t.id and x.unloading_id = u.id and x.status = 'SETTLED')
      order by t.id limit ${LAB_RESULT_TRANSPORTS}`),
  );
  for (const [ordinal, delivery] of delivered.entries()) {
    const labResults = labResultsOf(delivery.transport_id, ordinal, delivery.purchase_terms);
    // By the transport's index: transactions have none on unloading_id, and 2.7 M rows made each lookup a scan.
    const goods = rowsOf<GoodsRow>(
      await db.execute(sql`
        select x.id, x.real_price::int as real_price, x.currency, x.deductions::int as deductions, o.quality_terms as terms
        from transactions x join contract_price_options o on o.contract_id = x.contract_id and o.is_main_option
        where x.transport_id = ${delivery.transport_id} and x.unloading_id = ${delivery.unloading_id}
          and x.kind in ('PURCHASE', 'SALES')`),
    );
    let isToDecide = false;
    for (const row of goods) {
      const record = qualitySettlementRecord({
        grossKg: delivery.gross_kg,
        basePrice: row.real_price,
        terms: row.terms,
        labResults,
      });
      const lines = priceLineTotals(record.lines);
      const realValue = lineValue(record.paidKg, row.real_price);
      isToDecide ||= record.isToDecide;
      await db.execute(sql`update transactions set real_quantity_kg = ${record.paidKg}, real_value = ${realValue},
        pln_value = case when currency = 'PLN' then ${realValue} else pln_value end,
        deductions = ${row.deductions + lines.deductions}, surcharges = ${lines.surcharges},
        quality_settlement = ${JSON.stringify(record)}::jsonb
        where id = ${row.id}`);
    }
    await db.execute(sql`update unloadings set lab_results = ${JSON.stringify(labResults)}::jsonb,
      is_to_decide = ${isToDecide} where id = ${delivery.unloading_id}`);
  }
  await decideSomeRejections(db);
}

/**
 * Half of the demo's rejected unloadings were decided already (accepted after a word with the buyer, no discount, so
 * the stored quality values stay as computed): every second one in id order; the rest wait in logistics' "Do decyzji"
 * filter.
 */
async function decideSomeRejections(db: Db) {
  await db.execute(sql`update unloadings set is_to_decide = false, decision = 'ACCEPT',
      decision_note = 'Przyjęte po uzgodnieniu z odbiorcą', decision_discount_per_ton = 0,
      decided_at = created_at + interval '2 hours'
    where id in (
      select id from (select id, row_number() over (order by id) as n from unloadings where is_to_decide) waiting
      where n % 2 = 0)`);
}
