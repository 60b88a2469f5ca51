import { once } from 'node:events';
import { getPriority } from 'node:os';
import type { Readable } from 'node:stream';
import type { PGlite } from '@electric-sql/pglite';
import { companyTodayIso, contractExportFileName, FILTERED_COUNT_CAP, XLSX_CONTENT_TYPE } from '@grain/shared';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import ExcelJS from 'exceljs';
import type pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type Body, contractApi } from '../../../test/fixtures/contracts.js';
import { insertContract, insertContractor } from '../../../test/fixtures.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import type { Db } from '../../db/client.js';
import * as schema from '../../db/schema/index.js';
import type { Ctx } from '../../lib/context.js';
import { EXPORT_WORKER_HEAP_MB, exportWorkerState } from '../../lib/xlsx/export.js';
import { exportPurchaseList, PURCHASE_EXPORT_COLUMNS, SALES_EXPORT_COLUMNS } from './export.js';

let t: TestApp;
let token: string;
let api: ReturnType<typeof contractApi>;
beforeAll(async () => {
  t = await createTestApp();
  api = contractApi(t, () => token);
});
beforeEach(async () => {
  await resetDatabase(t.db);
  token = await t.login();
});
afterAll(() => t.close());

async function readSheet(file: Buffer | ArrayBuffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file as ArrayBuffer);
  return workbook.worksheets[0]!;
}

function headerOf(sheet: ExcelJS.Worksheet): string[] {
  return (sheet.getRow(1).values as unknown[]).slice(1) as string[];
}

/** The column number (1-based) of a header. */
const columnOf = (sheet: ExcelJS.Worksheet, header: string) => headerOf(sheet).indexOf(header) + 1;

function columnValues(sheet: ExcelJS.Worksheet, header: string): unknown[] {
  const column = columnOf(sheet, header);
  const values: unknown[] = [];
  sheet.eachRow((row, number) => {
    if (number > 1) values.push(row.getCell(column).value);
  });
  return values;
}

async function exportFile(path: string, body: Body = {}) {
  const response = await api.call('POST', path, body);
  expect(response.statusCode, response.body).toBe(200);
  return response;
}

/** Many purchases in one statement: prices and creation times repeat, so the cursor must break ties by id. */
async function insertManyPurchases(count: number) {
  const supplier = await insertContractor(t.db, { code: 'BULK' });
  await t.db.execute(sql`insert into contracts (type, document_number, status, counterparty_id, counterparty_code,
      counterparty_name, user_id, freight, date_of_receipt_from, date_of_receipt_to, raw_material_id,
      raw_material_quality_id, price, cargo_quantity_kg)
    select 'PURCHASE', 'BULK/' || lpad(g::text, 5, '0'), 'ACTIVE', ${supplier.id}, ${supplier.code}, ${supplier.name},
      1, 'FCA', '2026-01-01', '2026-12-31', 1, 1 + (g % 4), 100000 + (g % 7) * 1000, 1000 + g
    from generate_series(1, ${count}) g`);
}

async function bytesOf(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The test database through a handle of its own that counts the queries run on it (Drizzle's logger). */
function countingDb(onQuery: () => void): Db {
  const client = (t.db as unknown as { $client: unknown }).$client;
  const logger = { logQuery: onQuery };
  const db = t.config.databaseUrl
    ? drizzlePg(client as pg.Pool, { schema, logger })
    : drizzlePglite(client as PGlite, { schema, logger });
  return db as unknown as Db;
}

describe('POST /api/contract/export-purchase-list-to-excel', () => {
  it('answers a real .xlsx file with Polish headers, tonnes, money and dates as typed cells', async () => {
    await api.createPurchase({
      cargo_quantity: 100_500,
      main_cargo_option: { price: 123_456, raw_material_quality_id: 1 },
    });
    const response = await exportFile('export-purchase-list-to-excel');
    expect(response.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${contractExportFileName('PURCHASE', companyTodayIso())}"`,
    );
    expect(contractExportFileName('PURCHASE', '2026-11-23')).toBe('kontrakty-zakupu-2026-11-23.xlsx');

    const sheet = await readSheet(response.rawPayload);
    expect(headerOf(sheet)).toEqual(PURCHASE_EXPORT_COLUMNS.map((column) => column.header));
    expect(sheet.rowCount).toBe(2);
    const row = sheet.getRow(2);
    const quantity = row.getCell(columnOf(sheet, 'Ilość [t]'));
    expect(quantity.value).toBe(100.5);
    expect(quantity.numFmt).toBe('#,##0.000');
    const price = row.getCell(columnOf(sheet, 'Cena za tonę'));
    expect(price.value).toBe(1234.56);
    expect(price.numFmt).toBe('#,##0.00');
    const from = row.getCell(columnOf(sheet, 'Odbiór od'));
    expect(from.value).toEqual(new Date(Date.UTC(2026, 2, 1)));
    expect(from.numFmt).toBe('dd.mm.yyyy');
    expect(row.getCell(columnOf(sheet, 'Status')).value).toBe('Nowy');
    expect(row.getCell(columnOf(sheet, 'Status umowy')).value).toBe('Brak umowy');
    expect(row.getCell(columnOf(sheet, 'Do odbioru [t]')).value).toBe(100.5);
    expect(row.getCell(columnOf(sheet, 'Utworzono')).value).toBeInstanceOf(Date);
  });

  it('never writes user text as a formula', async () => {
    const texts = ['=1+1', '+48 600', '-SUM(A1)', '@cmd'];
    for (const comments of texts) await api.createPurchase({ comments });
    const sheet = await readSheet((await exportFile('export-purchase-list-to-excel', { order_by: 'id' })).rawPayload);
    const column = columnOf(sheet, 'Uwagi');
    texts.forEach((text, index) => {
      const cell = sheet.getRow(index + 2).getCell(column);
      expect(cell.type).toBe(ExcelJS.ValueType.String);
      expect(cell.value).toBe(text);
      expect(cell.formula).toBeUndefined();
      expect(cell.numFmt).toBe('@');
    });
  });

  it('exports every row matching the search, filter and order, without paging', async () => {
    const agro = await insertContractor(t.db, { code: 'AGRO' });
    for (const [n, quantity] of [
      [1, 30_000],
      [2, 10_000],
      [3, 20_000],
    ] as const) {
      await insertContract(t.db, {
        type: 'PURCHASE',
        documentNumber: `AG-${n}`,
        counterpartyId: agro.id,
        cargoQuantityKg: quantity,
      });
    }
    await insertContract(t.db, { type: 'PURCHASE', documentNumber: 'OTHER', status: 'CANCELLED' });
    const response = await exportFile('export-purchase-list-to-excel', {
      search: 'agro',
      filter: { contract_status: ['ACTIVE'] },
      order_by: 'cargo_quantity:desc',
      limit: 10,
      offset: 10,
    });
    const sheet = await readSheet(response.rawPayload);
    expect(columnValues(sheet, 'Numer kontraktu')).toEqual(['AG-1', 'AG-3', 'AG-2']);
    expect(columnValues(sheet, 'Ilość [t]')).toEqual([30, 20, 10]);
  });

  it('streams 2 500 rows in batches with every row once, in order, and the right total', async () => {
    await insertManyPurchases(2_500);
    const response = await exportFile('export-purchase-list-to-excel', { order_by: 'price:asc' });
    const sheet = await readSheet(response.rawPayload);
    expect(sheet.rowCount).toBe(2_501);
    const documentNumbers = columnValues(sheet, 'Numer kontraktu');
    expect(new Set(documentNumbers).size).toBe(2_500);
    const prices = columnValues(sheet, 'Cena za tonę') as number[];
    expect(prices.every((price, index) => index === 0 || prices[index - 1]! <= price)).toBe(true);
    const totalTonnes = (columnValues(sheet, 'Ilość [t]') as number[]).reduce((sum, value) => sum + value, 0);
    // sum of (1000 + g) kg for g = 1..2500
    expect(totalTonnes).toBeCloseTo(5_626.25, 6);
  });

  it('pages by cursor through ties of the default order (created_at desc, then id)', async () => {
    await insertManyPurchases(50);
    const ctx = { db: t.db, config: t.config, log: t.app.log } as unknown as Ctx;
    const { stream } = await exportPurchaseList(ctx, {}, 7);
    const sheet = await readSheet(await bytesOf(stream));
    const documentNumbers = columnValues(sheet, 'Numer kontraktu');
    expect(documentNumbers).toHaveLength(50);
    expect(documentNumbers[0]).toBe('BULK/00050');
    expect(documentNumbers.at(-1)).toBe('BULK/00001');
  });

  it('drops an export whose reader went away, and the next export is whole', async () => {
    await insertManyPurchases(50);
    const ctx = { db: t.db, config: t.config, log: t.app.log } as unknown as Ctx;
    const abandoned = (await exportPurchaseList(ctx, {}, 7)).stream;
    await new Promise((done) => abandoned.once('data', done));
    abandoned.destroy();
    const { stream } = await exportPurchaseList(ctx, {}, 7);
    expect(columnValues(await readSheet(await bytesOf(stream)), 'Numer kontraktu')).toHaveLength(50);
  });

  it('refuses an unknown sort key with INVALID_SORT_PARAMS before sending a file or starting an export', async () => {
    const response = await api.call('POST', 'export-purchase-list-to-excel', { order_by: 'colour' });
    expect(response.statusCode).toBe(400);
    expect(response.json().message_code).toBe('INVALID_SORT_PARAMS');
    expect(await exportWorkerState()).toMatchObject({ exports: 0, connectionsInUse: 0 });
  });

  it('reads the rows in the export worker on PostgreSQL, and on ctx.db with the embedded database', async () => {
    await insertManyPurchases(50);
    let queries = 0;
    const ctx = { db: countingDb(() => (queries += 1)), config: t.config, log: t.app.log } as unknown as Ctx;
    const sheet = await readSheet(await bytesOf((await exportPurchaseList(ctx, {}, 7)).stream));
    expect(columnValues(sheet, 'Numer kontraktu')).toHaveLength(50);
    if (t.config.databaseUrl) expect(queries).toBe(0);
    else expect(queries).toBeGreaterThanOrEqual(8);
  });

  it('stops the export in the worker and frees its connection when the reader goes away mid-file', async () => {
    await insertManyPurchases(2_500);
    const ctx = { db: t.db, config: t.config, log: t.app.log } as unknown as Ctx;
    // Nobody reads: the worker writes until the stream's buffer is full, then waits for a credit.
    const { stream } = await exportPurchaseList(ctx, {}, 7);
    expect(await exportWorkerState()).toMatchObject({ exports: 1, connectionsInUse: expect.any(Number) });
    const closed = once(stream, 'close');
    stream.destroy();
    await closed;
    expect(await exportWorkerState()).toMatchObject({ exports: 0, connectionsInUse: 0 });
  });

  it.runIf(process.platform === 'linux')(
    "runs the export worker below normal CPU priority, so other users' calls go first",
    async () => {
      expect(await exportWorkerState()).toMatchObject({ niceness: 10 });
      // The server's own thread keeps its priority.
      expect(getPriority()).toBe(0);
    },
  );

  it("caps the export worker's heap, so an export cannot take the server's memory", async () => {
    const { heapLimitMb } = await exportWorkerState();
    // V8's limit is the capped old generation plus the young one's spaces.
    expect(heapLimitMb).toBeGreaterThanOrEqual(EXPORT_WORKER_HEAP_MB);
    expect(heapLimitMb).toBeLessThan(EXPORT_WORKER_HEAP_MB + 100);
  });

  it('answers EXPORT_ERROR when the worker cannot read the first batch', async () => {
    // A PostgreSQL the worker cannot reach: its first query fails before any byte is sent.
    const config = { ...t.config, databaseUrl: 'postgres://postgres@127.0.0.1:1/unreachabletest' };
    const ctx = { db: t.db, config, log: t.app.log } as unknown as Ctx;
    await expect(exportPurchaseList(ctx, {})).rejects.toMatchObject({ code: 'EXPORT_ERROR' });
    expect(await exportWorkerState()).toMatchObject({ exports: 0 });
  });

  it('exports every match of a search whose list count is capped at 10 000, the list refusing pages past it', async () => {
    await insertManyPurchases(FILTERED_COUNT_CAP + 5);
    const last = { search: 'BULK', limit: 10, offset: FILTERED_COUNT_CAP - 10 };
    const list = await api.call('POST', 'get-purchase-list', last);
    expect(list.statusCode, list.body).toBe(200);
    const answer = list.json();
    expect(answer).toMatchObject({
      filtered: FILTERED_COUNT_CAP,
      filtered_capped: true,
      total: FILTERED_COUNT_CAP + 5,
    });
    // The last page the capped count reports is served; the next one is refused, the export has every row.
    expect(answer.list).toHaveLength(10);
    const past = await api.call('POST', 'get-purchase-list', { ...last, offset: FILTERED_COUNT_CAP });
    expect(past.statusCode, past.body).toBe(400);
    expect(past.json()).toMatchObject({
      message_code: 'VALIDATION_ERROR',
      errors: [{ field: 'offset', code: 'pastCappedCount' }],
    });
    // Unnarrowed, the count is exact (FILTERED_COUNT_CAP + 5): its last page is served.
    const exact = await api.call('POST', 'get-purchase-list', { limit: 10, offset: FILTERED_COUNT_CAP, filter: {} });
    expect(exact.statusCode, exact.body).toBe(200);

    const sheet = await readSheet((await exportFile('export-purchase-list-to-excel', { search: 'BULK' })).rawPayload);
    expect(sheet.rowCount).toBe(FILTERED_COUNT_CAP + 5 + 1);
  });

  it('answers a file with only the header row when nothing matches', async () => {
    const sheet = await readSheet((await exportFile('export-purchase-list-to-excel')).rawPayload);
    expect(sheet.rowCount).toBe(1);
  });
});

describe('POST /api/contract/export-sales-list-to-excel', () => {
  it('exports sales with the recipient and the sales figures', async () => {
    const recipient = await insertContractor(t.db, { code: 'ODB', name: 'Odbiorca' });
    await api.createSales({}, recipient.id);
    const response = await exportFile('export-sales-list-to-excel');
    expect(response.headers['content-disposition']).toContain('kontrakty-sprzedazy-');
    const sheet = await readSheet(response.rawPayload);
    expect(headerOf(sheet)).toEqual(SALES_EXPORT_COLUMNS.map((column) => column.header));
    expect(columnValues(sheet, 'Kod odbiorcy')).toEqual(['ODB']);
    expect(columnValues(sheet, 'Do dostarczenia [t]')).toEqual([100]);
    expect(columnValues(sheet, 'Do alokacji [t]')).toEqual([100]);
  });
});
