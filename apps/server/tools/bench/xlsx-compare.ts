import { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import { strToU8, unzipSync, Zip, ZipDeflate } from 'fflate';
import { createWorkbookWriter, type SheetDef } from '../../src/lib/xlsx/sheet.js';
import { createZipWriter } from '../../src/lib/xlsx/zip.js';
import { WORKBOOKS } from '../../src/modules/contracts/export-sheet.js';
import { syntheticItem } from './export-workbooks.js';
import { round } from './stats.js';

/**
 * The export's own .xlsx and zip writers (src/lib/xlsx) against the libraries they replaced or could be replaced
 * by, on the same rows: the whole workbook against exceljs' streaming WorkbookWriter, and the zip alone against
 * fflate's streaming Zip (deflate level 1, as ours) over the very entries our workbook holds, fed in row-sized
 * pieces as the sheet writer feeds them. Wall-clock and CPU milliseconds (median of `RUNS`) and output bytes.
 * `node --expose-gc --import tsx tools/bench/xlsx-compare.ts [rows]` in apps/server; results in RESULTS-xlsx.md.
 */
const rows = Number(process.argv[2] ?? 20_000);
const RUNS = 3;
const items = Array.from({ length: rows }, (_, n) => syntheticItem(n + 1));
const sheet = WORKBOOKS.PURCHASE[0] as SheetDef<unknown>;

/** A writable that counts and drops what it is given. */
function counter() {
  let bytes = 0;
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      bytes += chunk.byteLength;
      done();
    },
  });
  return { stream, bytes: () => bytes };
}

async function measure(name: string, run: () => Promise<number>) {
  const walls: number[] = [];
  const cpus: number[] = [];
  let bytes = 0;
  for (let n = 0; n < RUNS; n++) {
    global.gc?.();
    const cpuBefore = process.cpuUsage();
    const started = performance.now();
    bytes = await run();
    walls.push(performance.now() - started);
    const cpu = process.cpuUsage(cpuBefore);
    cpus.push((cpu.user + cpu.system) / 1000);
  }
  const median = (values: number[]) => round([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!, 0);
  return { name, wall: median(walls), cpu: median(cpus), bytes };
}

async function ours() {
  const out = counter();
  const writer = createWorkbookWriter(out.stream, WORKBOOKS.PURCHASE);
  for (let start = 0; start < rows; start += 1000) writer.addItems(0, items.slice(start, start + 1000));
  await writer.finish();
  return out.bytes();
}

async function byExceljs() {
  const out = counter();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out.stream, useStyles: true });
  const worksheet = workbook.addWorksheet(sheet.name);
  worksheet.columns = sheet.columns.map((column, index) => ({
    header: column.header,
    key: String(index),
    width: column.width,
    style: column.format === 'date' ? { numFmt: 'yyyy-mm-dd' } : column.format === 'text' ? { numFmt: '@' } : {},
  }));
  for (const item of items) worksheet.addRow(sheet.columns.map((column) => column.value(item))).commit();
  worksheet.commit();
  await workbook.commit();
  return out.bytes();
}

/** Our workbook's entries as text, cut as the sheet writer writes them (one row a piece). */
async function entriesOfOurWorkbook(): Promise<[string, string[]][]> {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  const writer = createWorkbookWriter(stream, WORKBOOKS.PURCHASE);
  writer.addItems(0, items);
  await writer.finish();
  const files = unzipSync(new Uint8Array(Buffer.concat(chunks)));
  return Object.entries(files).map(([name, data]) => {
    const text = Buffer.from(data).toString('utf8');
    return [name, text.split(/(?=<row )/)];
  });
}

async function zipOurs(entries: [string, string[]][]) {
  const out = counter();
  const zip = createZipWriter(out.stream);
  for (const [name, pieces] of entries) {
    zip.open(name);
    for (const piece of pieces) zip.write(piece);
    zip.close();
  }
  await zip.finish();
  return out.bytes();
}

async function zipByFflate(entries: [string, string[]][]) {
  let bytes = 0;
  await new Promise<void>((done, fail) => {
    const zip = new Zip((error, data, final) => {
      if (error) return fail(error);
      bytes += data.byteLength;
      if (final) done();
    });
    for (const [name, pieces] of entries) {
      const file = new ZipDeflate(name, { level: 1 });
      zip.add(file);
      pieces.forEach((piece, index) => {
        file.push(strToU8(piece), index === pieces.length - 1);
      });
    }
    zip.end();
  });
  return bytes;
}

const entries = await entriesOfOurWorkbook();
const xmlBytes = entries.reduce((sum, [, pieces]) => sum + pieces.reduce((n, piece) => n + piece.length, 0), 0);
const results = [
  await measure('workbook: ours (lib/xlsx/sheet.ts)', ours),
  await measure('workbook: exceljs stream.xlsx.WorkbookWriter', byExceljs),
  await measure('zip only: ours (lib/xlsx/zip.ts)', () => zipOurs(entries)),
  await measure('zip only: fflate Zip + ZipDeflate level 1', () => zipByFflate(entries)),
];
console.log(
  `${rows} purchase-list rows (${sheet.columns.length} columns, ${round(xmlBytes / 1e6, 1)} MB of XML), ` +
    `Node ${process.version}, median of ${RUNS} runs\n`,
);
console.log('| writer | wall ms | CPU ms | output bytes |');
console.log('| --- | --- | --- | --- |');
for (const { name, wall, cpu, bytes } of results) console.log(`| ${name} | ${wall} | ${cpu} | ${bytes} |`);
process.exit(0);
