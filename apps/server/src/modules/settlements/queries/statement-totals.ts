import { type Currency, FILTERED_COUNT_CAP, type TransactionListTotals } from '@grain/shared';
import { and, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { currentQuantityKgSql } from '../../../db/money-sql.js';
import { readFiguresBeside } from '../../../db/page-with-counts.js';
import { rowCountSql } from '../../../db/row-counts.js';
import { transactions } from '../../../db/schema/index.js';
import { cappedCountSql, countOfFigures, IS_OVER_CAP, overCapWith } from '../../../lib/list.js';
import {
  type StatementQuery,
  statementConditions,
  statementPage,
  statementPageWithCounts,
  tabPageShape,
  vatRatePercentSql,
  withStatementJoins,
} from './statement.js';

/**
 * The statement's page with its totals row. The whole statement or one tab: the totals ride in the page's own
 * statement (db/page-with-counts.ts `extra`); otherwise they are read beside the page, on another connection.
 */
export async function statementPageWithTotals(db: Db, request: StatementQuery) {
  const conditions = statementConditions(request);
  const totals = statementTotalsSql(db, conditions);
  if (!conditions.otherConditions.length) {
    const shape = { ...tabPageShape(request, conditions), extra: totals };
    const page = await statementPageWithCounts(db, shape, request.limit, request.offset);
    if (page) {
      const { extra, ...counted } = page;
      return { ...counted, totalData: totalsOf(extra as TotalsJson) };
    }
  }
  // A search or a filter: the totals count the matches (up to the cap) and answer `filtered`, beside the page.
  const totalsRead = readFiguresBeside<TotalsJson>(db, totals);
  const countMatches = () =>
    totalsRead.then(({ isOverCap, groups }) => countOfFigures({ isOverCap, n: matchesOf(groups) }));
  const page = await statementPage(db, request, undefined, countMatches);
  return { ...page, totalData: totalsOf(await totalsRead) };
}

/** What statementTotalsSql reads: whether the count is past the cap, and the sums per currency. */
interface TotalsJson {
  isOverCap: boolean;
  groups: {
    currency: Currency;
    n: number;
    sumQuantity: number;
    sumNet: number;
    sumGross: number;
    withoutVat: number;
  }[];
}

const matchesOf = (groups: TotalsJson['groups']) => groups.reduce((n, group) => n + Number(group.n), 0);

/** The totals as answered: null past the cap. Sums in grosze and kilograms come as JSON numbers, far below 2^53. */
function totalsOf({ isOverCap, groups }: TotalsJson): TransactionListTotals | null {
  if (isOverCap || matchesOf(groups) > FILTERED_COUNT_CAP) return null;
  return {
    sumQuantity: groups.reduce((sum, group) => sum + group.sumQuantity, 0),
    byCurrency: groups.map(({ currency, sumNet, sumGross, withoutVat }) => ({
      currency,
      sumNet,
      sumGross,
      withoutVat,
    })),
  };
}

/**
 * The statement's totals row over the rows the list's own WHERE finds, in one aggregate over at most
 * FILTERED_COUNT_CAP + 1 of them (as countUpToCap reads the count); null when more match. The figures are the rows'
 * own (service/rows.ts toTransactionRow): the net value final, else real or planned less deductions plus surcharges
 * (rules/settlements.ts currentNetValue); its VAT half away from zero (rules/vat.ts vatOfNet); money per currency.
 * One uncorrelated scalar subquery (a json object), as the logistics totals (transports/queries/list.ts).
 */
function statementTotalsSql(db: Db, { type, otherConditions, where }: ReturnType<typeof statementConditions>): SQL {
  // The whole statement or a tab alone: the row counters know how many match; anything else is counted up to the
  // cap first. Past the cap the sums (a VAT rate looked up per row) are not read at all: a one-time filter.
  const counted = otherConditions.length
    ? cappedCountSql(transactions, where)
    : rowCountSql('transactions', type ? [type.group] : 'whole table');
  const net = sql`coalesce(${transactions.finalValue},
    coalesce(${transactions.realValue}, ${transactions.plannedValue}) - ${transactions.deductions} + ${transactions.surcharges})`;
  const matching = withStatementJoins(
    db
      .select({
        currency: sql<string>`${transactions.currency}`.as('currency'),
        quantity: sql<number>`${currentQuantityKgSql}`.as('quantity'),
        net: sql<number>`${net}`.as('net'),
        rate: sql<number | null>`${vatRatePercentSql}`.as('rate'),
      })
      .from(transactions)
      .$dynamic(),
  )
    .where(and(where, sql`not ${IS_OVER_CAP}`))
    .limit(FILTERED_COUNT_CAP + 1)
    .as('m');
  const vat = sql`sign(m.net) * floor((abs(m.net) * m.rate + 50) / 100)`;
  return sql`(${overCapWith(counted)} select json_build_object('isOverCap', ${IS_OVER_CAP}, 'groups', coalesce(json_agg(g order by g.currency), '[]'))
    from (select m.currency, count(*) as n, coalesce(sum(m.quantity), 0) as "sumQuantity",
        coalesce(sum(m.net), 0) as "sumNet",
        coalesce(sum(m.net + ${vat}) filter (where m.rate is not null), 0) as "sumGross",
        count(*) filter (where m.rate is null) as "withoutVat"
      from ${matching} group by m.currency) g)`;
}
