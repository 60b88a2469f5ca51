import {
  EXCHANGE_RATE_CURRENCIES,
  EXCHANGE_RATE_MAX,
  type ExchangeRateCurrency,
  isBusinessDay,
  isValidIsoDate,
  NBP_TABLE_NUMBER,
  RATE_SCALE,
  V,
} from '@grain/shared';
import { AppError } from '../../lib/errors.js';

/**
 * Reads NBP table A files (RULES.md Invoices, VAT and KSeF: the NBP mid rate). Three shapes are accepted:
 *
 * - NBP API, tables form (`/api/exchangerates/tables/A/…?format=json`): an array (or one object) of
 *   `{ table: "A", no: "231/A/NBP/2026", effectiveDate: "2026-11-27", rates: [{ currency, code, mid }] }`;
 * - NBP API, rates form (`/api/exchangerates/rates/A/EUR/…?format=json`):
 *   `{ table: "A", currency, code: "EUR", rates: [{ no, effectiveDate, mid }] }`;
 * - NBP's archive CSV (`archiwum_tab_a_RRRR.csv`): semicolon-separated; the header row starts with `data` and names
 *   the currencies with their units (`1EUR`, `1USD`, `100HUF`…); data rows start with the day as `RRRRMMDD` (or
 *   `RRRR-MM-DD`) and write rates with a decimal comma; the full table number (`231/A/NBP/2026`) is read from the
 *   row's cell that has that shape (NBP's `pełny numer tabeli` column). Rows that do not start with a day (the
 *   currency names, the footer) are skipped.
 *
 * Only EUR and USD are kept. Anything else is EXCHANGE_RATE_FILE_INVALID with the place named: nothing of a bad file
 * is stored.
 */
export interface NbpRate {
  currency: ExchangeRateCurrency;
  effectiveDate: string;
  rate: number;
  tableNumber: string | null;
}

const isKeptCurrency = (code: unknown): code is ExchangeRateCurrency =>
  typeof code === 'string' && (EXCHANGE_RATE_CURRENCIES as readonly string[]).includes(code.toUpperCase());

export function fileInvalid(detail: string): AppError {
  return new AppError('EXCHANGE_RATE_FILE_INVALID', `Plik nie jest poprawną tabelą kursów NBP: ${detail}`, [
    { field: 'content', code: V.wrongType },
  ]);
}

/** A mid rate as written by NBP (4.2512, "4,2512") to × RATE_SCALE; per `units` of the currency (100HUF). */
function scaledRate(value: unknown, units: number, where: string): number {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (!/^\d{1,6}([.,]\d{1,8})?$/.test(text)) throw fileInvalid(`${where}: kurs „${String(value)}” nie jest liczbą`);
  const rate = Math.round((Number(text.replace(',', '.')) * RATE_SCALE) / units);
  if (rate <= 0 || rate > EXCHANGE_RATE_MAX) throw fileInvalid(`${where}: kurs ${text} jest poza zakresem`);
  return rate;
}

function checkedDate(value: unknown, where: string): string {
  const text = typeof value === 'string' ? value.trim() : '';
  const iso = /^\d{8}$/.test(text) ? `${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6)}` : text;
  if (!isValidIsoDate(iso)) throw fileInvalid(`${where}: nieprawidłowa data „${String(value)}”`);
  // NBP publishes table A only on business days: another day means the file is not NBP's.
  if (!isBusinessDay(iso)) throw fileInvalid(`${where}: ${iso} nie jest dniem roboczym`);
  return iso;
}

function checkedTableNumber(value: unknown, where: string): string | null {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value !== 'string' || !NBP_TABLE_NUMBER.test(value.trim())) {
    throw fileInvalid(`${where}: nieprawidłowy numer tabeli „${String(value)}”`);
  }
  return value.trim();
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null;

function ratesOfTable(table: Json, index: number): NbpRate[] {
  const where = `tabela ${index + 1}`;
  if (!Array.isArray(table.rates)) throw fileInvalid(`${where}: brak listy kursów (rates)`);
  const effectiveDate = checkedDate(table.effectiveDate, where);
  const tableNumber = checkedTableNumber(table.no, where);
  return table.rates
    .filter((rate): rate is Json => isObject(rate) && isKeptCurrency(rate.code))
    .map((rate) => ({
      currency: String(rate.code).toUpperCase() as ExchangeRateCurrency,
      effectiveDate,
      rate: scaledRate(rate.mid, 1, `${where}, ${String(rate.code)}`),
      tableNumber,
    }));
}

function ratesOfSeries(series: Json): NbpRate[] {
  if (!isKeptCurrency(series.code)) return [];
  const currency = String(series.code).toUpperCase() as ExchangeRateCurrency;
  return (series.rates as unknown[]).map((rate, index) => {
    const where = `kurs ${index + 1}`;
    if (!isObject(rate)) throw fileInvalid(`${where}: to nie jest obiekt`);
    return {
      currency,
      effectiveDate: checkedDate(rate.effectiveDate, where),
      rate: scaledRate(rate.mid, 1, where),
      tableNumber: checkedTableNumber(rate.no, where),
    };
  });
}

function parseJson(content: string): NbpRate[] {
  let data: unknown;
  try {
    data = JSON.parse(content);
  } catch {
    throw fileInvalid('to nie jest poprawny JSON');
  }
  if (isObject(data) && typeof data.code === 'string' && Array.isArray(data.rates)) return ratesOfSeries(data);
  const tables = Array.isArray(data) ? data : [data];
  if (!tables.every(isObject)) throw fileInvalid('oczekiwano tabel kursów NBP (table, no, effectiveDate, rates)');
  if (tables.some((table) => table.table !== undefined && table.table !== 'A')) {
    throw fileInvalid('to nie jest tabela A kursów średnich');
  }
  return tables.flatMap(ratesOfTable);
}

/** The header's currency columns: index → currency and units (`100HUF` is per 100 forints). */
function csvColumns(header: string[]) {
  const columns = new Map<number, { currency: ExchangeRateCurrency; units: number }>();
  header.forEach((cell, index) => {
    const match = /^(\d+)\s*([A-Za-z]{3})$/.exec(cell.trim());
    if (match && isKeptCurrency(match[2])) {
      columns.set(index, { currency: match[2].toUpperCase() as ExchangeRateCurrency, units: Number(match[1]) });
    }
  });
  return columns;
}

function parseCsv(content: string): NbpRate[] {
  const lines = content.split(/\r?\n/).map((line) => line.split(';'));
  const headerIndex = lines.findIndex((cells) => cells[0]?.trim().toLowerCase() === 'data');
  if (headerIndex < 0) throw fileInvalid('brak wiersza nagłówka zaczynającego się od „data”');
  const columns = csvColumns(lines[headerIndex]!);
  const rates: NbpRate[] = [];
  lines.slice(headerIndex + 1).forEach((cells, offset) => {
    const first = cells[0]?.trim() ?? '';
    if (!/^\d{4}-?\d{2}-?\d{2}$/.test(first)) return;
    const where = `wiersz ${headerIndex + offset + 2}`;
    const effectiveDate = checkedDate(first, where);
    const tableNumber = checkedTableNumber(
      cells.find((cell) => NBP_TABLE_NUMBER.test(cell.trim())),
      where,
    );
    for (const [index, column] of columns) {
      const cell = cells[index]?.trim();
      if (!cell) continue;
      const rate = scaledRate(cell, column.units, where);
      rates.push({ currency: column.currency, effectiveDate, rate, tableNumber });
    }
  });
  return rates;
}

/** The EUR and USD mid rates of an NBP file, one per currency and day; a day given twice must agree. */
export function parseNbpFile(content: string): NbpRate[] {
  const text = content.replace(/^\uFEFF/, '').trim();
  const rates = text.startsWith('[') || text.startsWith('{') ? parseJson(text) : parseCsv(text);
  const byKey = new Map<string, NbpRate>();
  for (const rate of rates) {
    const key = `${rate.currency} ${rate.effectiveDate}`;
    const seen = byKey.get(key);
    if (seen && seen.rate !== rate.rate) throw fileInvalid(`${key} ma w pliku dwa różne kursy`);
    if (!seen) byKey.set(key, rate);
  }
  if (byKey.size === 0) throw fileInvalid('nie ma w nim kursu EUR ani USD');
  return [...byKey.values()];
}
