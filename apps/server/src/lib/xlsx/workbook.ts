import type { Db } from '../../db/client.js';
import type { WorkbookDef } from './sheet.js';

/** One batch of a sheet's items and the cursor after it (null: the sheet has no more rows). */
export interface Batch<C> {
  items: unknown[];
  next: C | null;
}
/** A sheet's rows, batch by batch after a cursor (null: from the start). */
// biome-ignore lint/suspicious/noExplicitAny: each sheet has its own cursor type.
export type SheetSource = (cursor: any) => Promise<Batch<unknown>>;

/**
 * A workbook's rows on a database: one keyset source per sheet, in order, for a validated request (plain JSON).
 * The same function runs in the export worker on its own pool (PostgreSQL) or on the server thread on `ctx.db`
 * (the embedded database, which only that thread can reach).
 */
export type WorkbookSources<R> = (db: Db, request: R, batchSize: number) => readonly SheetSource[];

/**
 * Where a workbook is defined: a module (its URL) exporting `WORKBOOKS` (the sheets) and `SOURCES` (their rows),
 * and the name of one of them. Both are functions, so the worker imports them instead of receiving them.
 */
export interface WorkbookRef {
  module: string;
  name: string;
}

/** An export as the worker is sent it: the workbook, the validated request and the rows per query. */
export interface ExportSpec {
  workbook: WorkbookRef;
  request: unknown;
  batchSize: number;
}

interface WorkbookModule {
  WORKBOOKS?: Record<string, WorkbookDef>;
  SOURCES?: Record<string, WorkbookSources<unknown>>;
}

/** A workbook's sheets and where their rows come from. */
export interface Workbook {
  sheets: WorkbookDef;
  sources: WorkbookSources<unknown>;
}

/** The sheets and the sources of a workbook, from its module (in whichever thread asks). */
export async function workbookOf(ref: WorkbookRef): Promise<Workbook> {
  const definitions = (await import(ref.module)) as WorkbookModule;
  const sheets = definitions.WORKBOOKS?.[ref.name];
  const sources = definitions.SOURCES?.[ref.name];
  if (!sheets || !sources) throw new Error(`no workbook ${ref.name} in ${ref.module}`);
  return { sheets, sources };
}
