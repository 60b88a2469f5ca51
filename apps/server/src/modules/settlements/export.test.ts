import { companyTodayIso, transactionStatementExportFileName, XLSX_CONTENT_TYPE } from '@grain/shared';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { codeOf, PATHS } from '../../../test/fixtures/settlements.js';
import {
  deliveredBody,
  moistureTerm,
  proteinTerm,
  seedPair,
  transportApi,
  transportBody,
} from '../../../test/fixtures/transports.js';
import { insertContractor } from '../../../test/fixtures.js';
import { createTestApp, resetDatabase, type TestApp } from '../../../test/harness.js';
import { contractPriceOptions, transactions } from '../../db/schema/index.js';
import { exportTransactionStatement } from './export.js';

let t: TestApp;
let token: string;
let transportsApi: ReturnType<typeof transportApi>;
beforeAll(async () => {
  t = await createTestApp();
  transportsApi = transportApi(t, () => token);
});
beforeEach(async () => {
  await resetDatabase(t.db);
  token = await t.login();
});
afterAll(() => t.close());

const LAB = [
  { parameter: 'Wilgotność', value: 1650 },
  { parameter: 'Białko', value: 1227 },
];

/** A delivered transport whose purchase row is settled by lab results (the numbers of transports-quality.test.ts). */
async function deliverWithLabResults(documentNumber: string, options: { counterpartyId?: number } = {}) {
  const { counterpartyId } = options;
  const pair = await seedPair(t.db, { purchase: { documentNumber, ...(counterpartyId ? { counterpartyId } : {}) } });
  await t.db
    .update(contractPriceOptions)
    .set({ qualityTerms: [moistureTerm, proteinTerm] })
    .where(eq(contractPriceOptions.contractId, pair.purchaseId));
  const transportId = await transportsApi.createId(transportBody(pair), true);
  const delivered = await transportsApi.deliver(
    transportId,
    deliveredBody({
      real_cargo_quantity: 25_000,
      real_cargo_price: 101_050,
      deductions: null,
      lab_results: LAB,
    }),
  );
  expect(delivered.statusCode, delivered.body).toBe(200);
  return { pair, transportId };
}

async function exportStatement(body: Record<string, unknown>) {
  const response = await t.call({ method: 'POST', url: PATHS.export, token, payload: body });
  expect(response.statusCode, response.body).toBe(200);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
  return { response, workbook };
}

/** A sheet's rows as objects by header. */
function rowsOf(sheet: ExcelJS.Worksheet): Record<string, unknown>[] {
  const headers = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
  const rows: Record<string, unknown>[] = [];
  sheet.eachRow((row, number) => {
    if (number === 1) return;
    rows.push(Object.fromEntries(headers.map((header, index) => [header, row.getCell(index + 1).value])));
  });
  return rows;
}

const ctx = () =>
  ({ db: t.db, config: t.config, log: { error: () => {} } }) as unknown as Parameters<
    typeof exportTransactionStatement
  >[0];

async function workbookOf(stream: AsyncIterable<unknown>) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
  return workbook;
}

describe('statement export', () => {
  it('exports the filtered rows with their figures and the quality lines of rows settled by lab results', async () => {
    const { transportId } = await deliverWithLabResults('ZK/LAB/1');
    const other = await deliverWithLabResults('ZK/OTHER/1');

    const { response, workbook } = await exportStatement({ filter: { type: 'purchase' }, search: 'ZK/LAB', limit: 1 });
    expect(response.headers['content-type']).toBe(XLSX_CONTENT_TYPE);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="${transactionStatementExportFileName(companyTodayIso())}"`,
    );
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Zestawienie transakcji', 'Linie jakości']);

    const [rows, lines] = workbook.worksheets.map(rowsOf) as [Record<string, unknown>[], Record<string, unknown>[]];
    // Only the purchase row of the searched contract: the other transport and the other kinds are left out.
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      Typ: 'Zakup',
      'Kontrakt zakupu': 'ZK/LAB/1',
      Status: 'Do rozliczenia',
      'ID transportu': transportId,
      'Ilość rzeczywista [t]': 24.415,
      'Cena za tonę': 1010.5,
      Wartość: 24671.36,
      Potrącenia: 97.66,
      Dopłaty: 0,
      Waluta: 'PLN',
    });
    expect(rows[0]!['ID transportu']).not.toBe(other.transportId);
    const transactionId = rows[0]!.ID;
    expect(lines).toEqual([
      {
        'ID transakcji': transactionId,
        Parametr: 'Wilgotność',
        Jednostka: '%',
        Wynik: 16.5,
        Baza: 14.5,
        'Efekt [kg]': -585,
        'Zmiana ceny za tonę': 0,
        'Efekt kwotowy': 0,
        Waluta: 'PLN',
        'Poza limitem': 'Nie',
      },
      {
        'ID transakcji': transactionId,
        Parametr: 'Białko',
        Jednostka: '%',
        Wynik: 12.27,
        Baza: 12.5,
        'Efekt [kg]': 0,
        'Zmiana ceny za tonę': -4,
        'Efekt kwotowy': -97.66,
        Waluta: 'PLN',
        'Poza limitem': 'Nie',
      },
    ]);
    // Numbers in the cells' formats: money with 2 decimals, tonnes with 3.
    const sheet = workbook.worksheets[0]!;
    const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    expect(sheet.getRow(2).getCell(header.indexOf('Wartość') + 1).numFmt).toBe('#,##0.00');
    expect(sheet.getRow(2).getCell(header.indexOf('Ilość rzeczywista [t]') + 1).numFmt).toBe('#,##0.000');
  });

  it('exports every row of the tab in batches, not the page, and the lines of each row after all rows', async () => {
    await deliverWithLabResults('ZK/A/1');
    await deliverWithLabResults('ZK/B/1');
    await deliverWithLabResults('ZK/C/1');
    // Batches of 2 over 9 rows (3 transports × purchase, sales, transport).
    const { stream } = await exportTransactionStatement(ctx(), { filter: { type: 'all' } }, 2);
    const workbook = await workbookOf(stream);
    const [rows, lines] = workbook.worksheets.map(rowsOf) as [Record<string, unknown>[], Record<string, unknown>[]];
    const ids = rows.map((row) => row.ID as number);
    expect(ids).toHaveLength(9);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    // Two lines for each of the three purchase rows, newest row first.
    const purchaseIds = rows.filter((row) => row.Typ === 'Zakup').map((row) => row.ID);
    expect(lines.map((line) => line['ID transakcji'])).toEqual(purchaseIds.flatMap((id) => [id, id]));
  });

  it.each(['date_loading:asc', 'date_loading:desc', 'registration_number:asc', 'id:asc'])(
    'exports in the list order %s across batches, through ties and empty values',
    async (orderBy) => {
      const a = await deliverWithLabResults('ZK/A/1');
      const b = await deliverWithLabResults('ZK/B/1');
      await deliverWithLabResults('ZK/C/1');
      // Ties within each transport, one transport without the date: the cursor must pass both.
      await t.db.update(transactions).set({ dateLoading: null }).where(eq(transactions.transportId, a.transportId));
      await t.db
        .update(transactions)
        .set({ dateLoading: '2026-01-01' })
        .where(eq(transactions.transportId, b.transportId));
      const list = await t.call({
        method: 'POST',
        url: PATHS.list,
        token,
        payload: { limit: 100, offset: 0, order_by: orderBy },
      });
      const listed = (list.json().list as { id: number }[]).map((row) => row.id);
      expect(listed).toHaveLength(9);
      const { stream } = await exportTransactionStatement(ctx(), { orderBy }, 2);
      const [rows] = (await workbookOf(stream)).worksheets.map(rowsOf) as [Record<string, unknown>[]];
      expect(rows.map((row) => row.ID)).toEqual(listed);
    },
  );

  it('never turns user text into a formula (a contractor name)', async () => {
    const hostile = '=HYPERLINK("http://evil.example","x")';
    const supplier = await insertContractor(t.db, { name: hostile, code: 'FX1' });
    await deliverWithLabResults('ZK/F/1', { counterpartyId: supplier.id });
    const { workbook } = await exportStatement({ filter: { type: 'purchase' } });
    const texts: string[] = [];
    for (const sheet of workbook.worksheets) {
      sheet.eachRow((row) =>
        row.eachCell((cell) => {
          expect(cell.type).not.toBe(ExcelJS.ValueType.Formula);
          if (typeof cell.value === 'string') texts.push(cell.value);
        }),
      );
    }
    expect(texts).toContain(hostile);
  });

  it('refuses an unknown sort key with INVALID_SORT_PARAMS and a bad filter with VALIDATION_ERROR', async () => {
    const sort = await t.call({ method: 'POST', url: PATHS.export, token, payload: { order_by: 'nope:asc' } });
    expect(sort.statusCode).toBe(400);
    expect(codeOf(sort)).toBe('INVALID_SORT_PARAMS');
    const filter = await t.call({ method: 'POST', url: PATHS.export, token, payload: { filter: { type: 'x' } } });
    expect(filter.statusCode).toBe(400);
    expect(codeOf(filter)).toBe('VALIDATION_ERROR');
  });
});
