import type { PurchaseListItem } from '@grain/shared';
import type { Db } from '../../src/db/client.js';
import type { WorkbookSources } from '../../src/lib/xlsx/workbook.js';
import { WORKBOOKS as CONTRACT_WORKBOOKS } from '../../src/modules/contracts/export-sheet.js';
import {
  contractListWhere,
  type ExportCursor,
  exportBatch,
  resolveSort,
} from '../../src/modules/contracts/queries/list.js';
import { toPurchaseListItem } from '../../src/modules/contracts/service/read.js';

/**
 * The export benches' workbooks, defined as the server's are (lib/xlsx/workbook.ts), so the export
 * worker imports them: the purchase list's sheet over synthetic items, or over the purchases read again and again.
 */
export const BENCH_WORKBOOKS_MODULE = import.meta.url;

export interface BenchExportRequest {
  rows: number;
}

/** A purchase-list item of made-up but realistic values (long Polish names, escaped characters). */
export function syntheticItem(n: number) {
  return {
    id: n,
    documentNumber: `ZK/2026/${String(n).padStart(6, '0')}`,
    status: 'ACTIVE',
    agreementStatus: 'SIGNED',
    supplierCode: `D${n % 5000}`,
    supplierName: `Gospodarstwo Rolne „Złoty Kłos” ${n % 5000} & Syn <sp. j.>`,
    rawMaterialQualityTitle: 'Pszenica konsumpcyjna kl. A',
    cargoQuantity: 25_000_000 + n,
    price: 95_000 + (n % 700),
    currency: 'PLN',
    minPrice: n % 3 === 0 ? null : 90_000,
    freight: 'FCA',
    dateOfReceiptFrom: '2026-03-01',
    dateOfReceiptTo: '2026-09-30',
    address: 'ul. Polna 12, 62-100 Wągrowiec',
    isCert: n % 2 === 0,
    isGmp: n % 3 === 0,
    isFor: false,
    allocated: 12_000_000,
    inDelivery: 1_000_000,
    delivered: 5_500_000,
    realized: 6_500_000,
    toPickUp: 18_500_000,
    allowed: 13_000_000,
    ownerName: 'Anna Kowalska',
    comments: n % 4 === 0 ? 'Odbiór po żniwach; wilgotność do 14,5%' : null,
    createdAt: new Date(Date.UTC(2026, 0, 1) + n * 60_000).toISOString(),
  } as unknown as PurchaseListItem;
}

/** Synthetic items `batchSize` at a time, without a database. */
const synthetic: WorkbookSources<BenchExportRequest> = (_db, { rows }, batchSize) => [
  async (cursor: number | null) => {
    const start = cursor ?? 0;
    const end = Math.min(rows, start + batchSize);
    const items: PurchaseListItem[] = [];
    for (let n = start; n < end; n++) items.push(syntheticItem(n + 1));
    return { items, next: end < rows ? end : null };
  },
];

interface Cursor {
  written: number;
  after: ExportCursor | null;
}

/**
 * The real keyset batches and list items of the purchase list, passing over the purchases again until `rows` rows
 * are read (the bench database's 20 000 purchases give a 100 000-row file without writing to it).
 */
const purchases: WorkbookSources<BenchExportRequest> = (db: Db, { rows }, batchSize) => {
  const where = contractListWhere('PURCHASE', {});
  const sort = resolveSort('PURCHASE', undefined);
  return [
    async (cursor: Cursor | null) => {
      const { written, after } = cursor ?? { written: 0, after: null };
      const size = Math.min(batchSize, rows - written);
      const read = await exportBatch(db, 'PURCHASE', where, sort, after, size);
      const items = read.rows.map(toPurchaseListItem);
      const total = written + items.length;
      const isDone = total >= rows || (items.length === 0 && after === null);
      // Past the last purchase: from the first one again.
      return { items, next: isDone ? null : { written: total, after: items.length < size ? null : read.next } };
    },
  ];
};

export const WORKBOOKS = { SYNTHETIC: CONTRACT_WORKBOOKS.PURCHASE, PURCHASES: CONTRACT_WORKBOOKS.PURCHASE };
export const SOURCES = { SYNTHETIC: synthetic, PURCHASES: purchases };
