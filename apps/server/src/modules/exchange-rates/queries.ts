import type { ExchangeRateCurrency, ExchangeRateSource } from '@grain/shared';
import { and, eq, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { exchangeRates, users } from '../../db/schema/index.js';
import type { NbpRate } from './nbp-file.js';

export const exchangeRateColumns = {
  id: exchangeRates.id,
  currency: exchangeRates.currency,
  effectiveDate: exchangeRates.effectiveDate,
  rate: exchangeRates.rate,
  tableNumber: exchangeRates.tableNumber,
  source: exchangeRates.source,
  createdByName: sql<
    string | null
  >`(select ${users.firstName} || ' ' || ${users.lastName} from ${users} where ${users.id} = ${exchangeRates.createdBy})`,
  createdAt: exchangeRates.createdAt,
};

export async function exchangeRateById(db: Db, id: number) {
  const [row] = await db.select(exchangeRateColumns).from(exchangeRates).where(eq(exchangeRates.id, id));
  return row ?? null;
}

/** The stored rate of one currency and day. */
export async function exchangeRateOf(db: Db, currency: ExchangeRateCurrency, effectiveDate: string) {
  const [row] = await db
    .select(exchangeRateColumns)
    .from(exchangeRates)
    .where(and(eq(exchangeRates.currency, currency), eq(exchangeRates.effectiveDate, effectiveDate)));
  return row ?? null;
}

/** The stored rates of the given currency-day pairs. */
export async function storedRatesOf(db: Db, keys: { currency: ExchangeRateCurrency; effectiveDate: string }[]) {
  if (!keys.length) return [];
  return db
    .select({ currency: exchangeRates.currency, effectiveDate: exchangeRates.effectiveDate, rate: exchangeRates.rate })
    .from(exchangeRates)
    .where(
      or(
        ...keys.map((key) =>
          and(eq(exchangeRates.currency, key.currency), eq(exchangeRates.effectiveDate, key.effectiveDate)),
        ),
      ),
    );
}

/**
 * Inserts the rates whose day is still free; a day another call stored meanwhile is left as it is (never
 * overwritten). Answers the rows inserted.
 */
export async function insertNewRates(db: Db, rates: NbpRate[], source: ExchangeRateSource, createdBy: number) {
  if (!rates.length) return [];
  return db
    .insert(exchangeRates)
    .values(rates.map((rate) => ({ ...rate, source, createdBy })))
    .onConflictDoNothing({ target: [exchangeRates.currency, exchangeRates.effectiveDate] })
    .returning({ id: exchangeRates.id, currency: exchangeRates.currency, effectiveDate: exchangeRates.effectiveDate });
}
