import {
  type CreatePriceListEntryRequest,
  companyTodayIso,
  formatDate,
  formatPricePerTonne,
  type ImportPriceListRequest,
  type ImportPriceListResponse,
  isPriceNoteRequired,
  listEntryFor,
  PRICE_DEVIATION_DEFAULT,
  type PriceListDayResponse,
  type PriceListEntry,
  type PriceListSource,
  supplierKindOf,
  V,
} from '@grain/shared';
import type { Db } from '../../db/client.js';
import { withWriteTransaction } from '../../db/locks.js';
import { audit } from '../../lib/audit.js';
import type { Ctx } from '../../lib/context.js';
import { AppError, validationError } from '../../lib/errors.js';
import { renderPdf } from '../../lib/pdf/service.js';
import { readCompanySettings } from '../settings/service.js';
import { parsePriceListCsv } from './price-list-csv.js';
import { priceListPdf } from './price-list-pdf.js';
import * as q from './queries.js';

/** The company's payment term before it is set up (company_settings.payment_term_days default). */
const DEFAULT_PAYMENT_TERM_DAYS = 14;

/** GET /price-list/list: every entry valid on the day (today when not given) and the company's deviation limit. */
export async function priceListOfDay(db: Db, day: string = companyTodayIso()): Promise<PriceListDayResponse> {
  const [list, company] = await Promise.all([q.entriesOfDay(db, day), q.companyPricing(db)]);
  return {
    day,
    deviationLimit: company?.limit ?? PRICE_DEVIATION_DEFAULT,
    defaultPaymentTermDays: company?.paymentTermDays ?? DEFAULT_PAYMENT_TERM_DAYS,
    list,
  };
}

function overlapError(entry: q.EntryValues, other: { validFrom: string; validTo: string }, field = 'valid_from') {
  return new AppError(
    'PRICE_LIST_OVERLAP',
    `Cennik tej jakości dla dostawców ${entry.supplierKind} z terminem ${entry.paymentTermDays} dni obowiązuje już ` +
      `od ${formatDate(other.validFrom)} do ${formatDate(other.validTo)}`,
    [{ field, code: V.periodOverlap }],
  );
}

/**
 * Inserts one entry under its key's advisory lock (CONTRIBUTING.md Price lists: entries never overlap, never change).
 * The caller's transaction holds the lock until it commits, so two parallel saves of one key cannot both pass.
 */
async function insertChecked(ctx: Ctx, tx: Db, entry: q.EntryValues, source: PriceListSource, field?: string) {
  await q.lockEntryKey(tx, entry);
  const other = await q.overlappingEntry(tx, entry);
  if (other) throw overlapError(entry, other, field);
  return q.insertEntry(tx, entry, source, ctx.user.id);
}

/** POST /price-list/create: one entry typed by ADMIN. */
export async function createPriceListEntry(ctx: Ctx, input: CreatePriceListEntryRequest): Promise<PriceListEntry> {
  const [quality] = await q.qualitiesWithMaterials(ctx.db, [input.rawMaterialQualityId]);
  if (!quality) throw validationError({ field: 'raw_material_quality_id', code: V.chooseItem });
  const id = await withWriteTransaction(ctx.db, async (tx) => {
    const inserted = await insertChecked(ctx, tx, input, 'MANUAL');
    await audit(tx, ctx.user.id, 'price_list_entry', inserted, 'create', { ...input });
    return inserted;
  });
  return (await q.entryById(ctx.db, id))!;
}

/**
 * POST /price-list/import: a CSV file (price-list-csv.ts), every row in one transaction. A bad row, or a row that
 * overlaps a stored entry or another row of the file, refuses the whole file naming the row; nothing is stored.
 */
export async function importPriceList(ctx: Ctx, input: ImportPriceListRequest): Promise<ImportPriceListResponse> {
  const entries = parsePriceListCsv(input.content, await q.qualitiesWithMaterials(ctx.db));
  return withWriteTransaction(ctx.db, async (tx) => {
    // Locks in one order whatever the file's order, so two imports never wait on each other in a circle.
    const byKey = [...entries].sort(
      (a, b) =>
        a.rawMaterialQualityId - b.rawMaterialQualityId ||
        a.supplierKind.localeCompare(b.supplierKind) ||
        a.paymentTermDays - b.paymentTermDays,
    );
    for (const entry of byKey) await q.lockEntryKey(tx, entry);
    const ids: number[] = [];
    for (const { line, ...entry } of entries) {
      ids.push(
        await insertChecked(ctx, tx, entry, 'FILE', `content.${line}.valid_from`).catch((error) => {
          if (error instanceof AppError && error.code === 'PRICE_LIST_OVERLAP') {
            throw new AppError(error.code, `Wiersz ${line}: ${error.message}`, error.errors);
          }
          throw error;
        }),
      );
    }
    await audit(tx, ctx.user.id, 'price_list_entry', ids[0]!, 'import', {
      fileName: input.fileName ?? null,
      added: ids.length,
    });
    return { added: ids.length };
  });
}

/** GET /price-list/pdf: the day's list on A4, rendered off the event loop. */
export async function priceListPdfFile(ctx: Ctx, day: string = companyTodayIso()) {
  const [list, company] = await Promise.all([q.entriesOfDay(ctx.db, day), readCompanySettings(ctx.db)]);
  const { bytes, renderMs, cpuMs } = await renderPdf(priceListPdf({ day, list, company }), ctx.log);
  return { fileName: `cennik-skupu-${day}.pdf`, pdf: bytes, timing: { renderMs, cpuMs } };
}

export interface PurchasePriceCheck {
  rawMaterialQualityId: number;
  supplierId: number;
  /** The contract's price, grosze per tonne, and its currency (the list is in PLN). */
  price: number;
  currency: string;
  note: string | null;
  day?: string;
}

/**
 * CONTRIBUTING.md Price lists: a PLN purchase price further from the day's list price (listEntryFor) than the company's
 * limit needs a note (PRICE_DEVIATION_NOTE_REQUIRED on `price_list_note`). Answers what to record with the contract
 * (recordPriceDeviation) or null: no list entry, another currency, or within the limit.
 */
export async function checkPurchasePrice(db: Db, check: PurchasePriceCheck) {
  if (check.currency !== 'PLN') return null;
  const { list, deviationLimit } = await priceListOfDay(db, check.day);
  const supplier = await q.supplierTermsOf(db, check.supplierId);
  const entry = listEntryFor(list, {
    rawMaterialQualityId: check.rawMaterialQualityId,
    supplierKind: supplierKindOf(supplier.accountingMethod),
    paymentTermDays: supplier.paymentTermDays,
  });
  if (!entry || !isPriceNoteRequired(entry.price, check.price, deviationLimit)) return null;
  if (!check.note) {
    throw new AppError(
      'PRICE_DEVIATION_NOTE_REQUIRED',
      `Cena odbiega od cennika skupu (${formatPricePerTonne(entry.price)}) o więcej niż ${deviationLimit / 100} %: wpisz uzasadnienie`,
      [{ field: 'price_list_note', code: V.required }],
    );
  }
  return { priceListEntryId: entry.id, listPrice: entry.price, price: check.price, note: check.note };
}

export async function recordPriceDeviation(
  ctx: Ctx,
  tx: Db,
  contractId: number,
  deviation: NonNullable<Awaited<ReturnType<typeof checkPurchasePrice>>>,
) {
  await q.insertDeviation(tx, { contractId, ...deviation }, ctx.user.id);
}
