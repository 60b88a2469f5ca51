import {
  type CreateExchangeRateRequest,
  type ExchangeRate,
  type ExchangeRateConflict,
  type ExchangeRateCurrency,
  type ExchangeRateListRequest,
  type ExchangeRateSortKey,
  type ExchangeRateSource,
  exchangeRateDateOf,
  type FetchExchangeRateRequest,
  formatDate,
  formatExchangeRate,
  type ImportExchangeRatesRequest,
  type ImportExchangeRatesResponse,
  isBusinessDay,
  V,
} from '@grain/shared';
import { and, gte, ilike, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { withWriteTransaction } from '../../db/locks.js';
import { exchangeRates } from '../../db/schema/index.js';
import { audit } from '../../lib/audit.js';
import type { Ctx } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { type SortSpec, smallTableListPage } from '../../lib/list.js';
import { fetchNbpRate } from './nbp-api.js';
import { type NbpRate, parseNbpFile } from './nbp-file.js';
import * as q from './queries.js';

const EXCHANGE_RATE_SORT: SortSpec<ExchangeRateSortKey> = {
  keys: {
    effective_date: exchangeRates.effectiveDate,
    currency: exchangeRates.currency,
    rate: exchangeRates.rate,
    created_at: exchangeRates.createdAt,
  },
  defaultKey: 'effective_date',
  defaultDirection: 'desc',
  tiebreaker: exchangeRates.id,
};

/** GET|POST /exchange-rate/list: search by table number; filters by currency and a range of days; newest day first. */
export function listExchangeRates(ctx: Ctx, request: ExchangeRateListRequest) {
  const filter = request.filter;
  const term = request.search?.trim();
  const where = and(
    term ? ilike(exchangeRates.tableNumber, `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
    filter?.currency?.length ? inArray(exchangeRates.currency, filter.currency) : undefined,
    filter?.effectiveDate?.from ? gte(exchangeRates.effectiveDate, filter.effectiveDate.from) : undefined,
    filter?.effectiveDate?.to ? lte(exchangeRates.effectiveDate, filter.effectiveDate.to) : undefined,
  );
  return smallTableListPage<ExchangeRate>(ctx.db, request, EXCHANGE_RATE_SORT, {
    table: exchangeRates,
    columns: q.exchangeRateColumns,
    where,
  });
}

/** NBP publishes table A only on business days: a rate of another day cannot be NBP's (RULES.md Invoices). */
function assertBusinessDay(effectiveDate: string) {
  if (!isBusinessDay(effectiveDate)) {
    throw new AppError(
      'EXCHANGE_RATE_DATE_NOT_BUSINESS_DAY',
      `${formatDate(effectiveDate)} nie jest dniem roboczym: NBP nie publikuje wtedy kursów`,
      [{ field: 'effective_date', code: V.notBusinessDay }],
    );
  }
}

function alreadyExists(currency: string, effectiveDate: string) {
  return new AppError(
    'EXCHANGE_RATE_ALREADY_EXISTS',
    `Kurs ${currency} z dnia ${formatDate(effectiveDate)} jest już zapisany`,
    [{ field: 'effective_date', code: V.duplicateItem }],
  );
}

/** Stores one rate of a free day, audited; a day already stored is refused, never overwritten. */
async function storeOneRate(ctx: Ctx, rate: NbpRate, source: ExchangeRateSource): Promise<ExchangeRate> {
  const id = await withWriteTransaction(ctx.db, async (tx) => {
    const [inserted] = await q.insertNewRates(tx, [rate], source, ctx.user.id);
    if (!inserted) throw alreadyExists(rate.currency, rate.effectiveDate);
    await audit(tx, ctx.user.id, 'exchange_rate', inserted.id, 'create', { ...rate, source });
    return inserted.id;
  });
  return (await q.exchangeRateById(ctx.db, id))!;
}

/** POST /exchange-rate/create: a mid rate typed from NBP's table. */
export function createExchangeRate(ctx: Ctx, input: CreateExchangeRateRequest): Promise<ExchangeRate> {
  assertBusinessDay(input.effectiveDate);
  return storeOneRate(ctx, input, 'MANUAL');
}

/**
 * POST /exchange-rate/import: an NBP file's EUR and USD rates in one transaction. New days are added; a day stored
 * with the same rate is counted as unchanged; a day stored with another rate is a conflict, listed and left as it
 * is (never overwritten). A bad file stores nothing (EXCHANGE_RATE_FILE_INVALID).
 */
export async function importExchangeRates(
  ctx: Ctx,
  input: ImportExchangeRatesRequest,
): Promise<ImportExchangeRatesResponse> {
  const rates = parseNbpFile(input.content);
  return withWriteTransaction(ctx.db, async (tx) => {
    const inserted = await q.insertNewRates(tx, rates, 'FILE', ctx.user.id);
    const key = (rate: { currency: string; effectiveDate: string }) => `${rate.currency} ${rate.effectiveDate}`;
    const insertedKeys = new Set(inserted.map(key));
    const present = rates.filter((rate) => !insertedKeys.has(key(rate)));
    const stored = new Map((await q.storedRatesOf(tx, present)).map((row) => [key(row), row.rate]));
    const conflicts: ExchangeRateConflict[] = present
      .filter((rate) => stored.get(key(rate)) !== rate.rate)
      .map((rate) => ({
        currency: rate.currency,
        effectiveDate: rate.effectiveDate,
        storedRate: stored.get(key(rate))!,
        fileRate: rate.rate,
      }))
      .sort((a, b) => key(a).localeCompare(key(b)));
    const answer = { added: inserted.length, unchanged: present.length - conflicts.length, conflicts };
    if (inserted.length) {
      const range = rates.map((rate) => rate.effectiveDate).sort();
      await audit(tx, ctx.user.id, 'exchange_rate', inserted[0]!.id, 'import', {
        fileName: input.fileName ?? null,
        from: range[0],
        to: range.at(-1),
        added: inserted.length,
        conflicts: conflicts.length,
      });
    }
    return answer;
  });
}

/** POST /exchange-rate/fetch: one day's rate from NBP's public API (NBP_API_URL), stored like a typed one. */
export async function fetchExchangeRate(ctx: Ctx, input: FetchExchangeRateRequest): Promise<ExchangeRate> {
  assertBusinessDay(input.effectiveDate);
  const stored = await q.exchangeRateOf(ctx.db, input.currency, input.effectiveDate);
  if (stored) throw alreadyExists(input.currency, input.effectiveDate);
  const rate = await fetchNbpRate(ctx.config.nbpApiUrl, input.currency, input.effectiveDate);
  return storeOneRate(ctx, rate, 'NBP_API');
}

export interface InvoiceExchangeRate {
  rate: number;
  effectiveDate: string;
  tableNumber: string | null;
}

/**
 * The rate a foreign-currency invoice converts its VAT with (RULES.md Invoices, VAT and KSeF): the stored NBP mid
 * rate of the last business day before the tax point (business-days.ts `exchangeRateDateOf`). None stored:
 * EXCHANGE_RATE_MISSING naming the day and currency, on `exchange_rate`; the caller's transaction rolls back.
 */
export async function invoiceExchangeRate(
  db: Db,
  currency: ExchangeRateCurrency,
  taxPoint: string,
): Promise<InvoiceExchangeRate> {
  const effectiveDate = exchangeRateDateOf(taxPoint);
  const stored = await q.exchangeRateOf(db, currency, effectiveDate);
  if (!stored) {
    throw new AppError(
      'EXCHANGE_RATE_MISSING',
      `Brak kursu średniego NBP ${currency} z dnia ${formatDate(effectiveDate)} (ostatni dzień roboczy przed ${formatDate(taxPoint)}). Dodaj go w Kursach walut`,
      [{ field: 'exchange_rate', code: V.required }],
    );
  }
  return { rate: stored.rate, effectiveDate, tableNumber: stored.tableNumber };
}

/** The invoice's note on its rate (FA(3) DodatkowyOpis; the XSD has no element for the NBP table), also printed. */
export function exchangeRateNote(currency: string, used: InvoiceExchangeRate) {
  const table = used.tableNumber ? `, tabela ${used.tableNumber}` : '';
  return {
    key: 'Kurs waluty',
    value: `Kurs średni NBP z dnia ${formatDate(used.effectiveDate)}${table}: 1 ${currency} = ${formatExchangeRate(used.rate)} PLN`,
  };
}
