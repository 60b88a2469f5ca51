import {
  AMOUNT_MAX,
  isDateBefore,
  isValidIsoDate,
  PAYMENT_TERM_MAX_DAYS,
  PRICE_LIST_CSV_COLUMNS,
  PRICE_LIST_CSV_FIELDS,
  PRICE_LIST_SUPPLIER_KINDS,
  type PriceListCsvColumn,
  type PriceListSupplierKind,
  V,
} from '@grain/shared';
import { AppError } from '../../lib/errors.js';
import type { EntryValues } from './queries.js';

/**
 * A price-list CSV, as a spreadsheet saves it: semicolon-separated (a comma is taken when the header has no
 * semicolon), a header row, then one entry per row:
 *
 *   surowiec;jakość;dostawca;termin_dni;cena_zl_t;od;do
 *   Pszenica;Konsumpcyjna;VAT;14;1 050,00;2026-11-28;2026-11-30
 *
 * `surowiec` is the raw material's Polish or key name, `jakość` its quality's title (case ignored), `dostawca` VAT or
 * RR, `cena_zl_t` złoty per tonne (decimal comma or point, spaces ignored), dates as RRRR-MM-DD or DD.MM.RRRR. Empty
 * rows are skipped. CONTRIBUTING.md Price lists: any bad row refuses the whole file with PRICE_LIST_FILE_INVALID
 * naming the row and the column; nothing of it is stored.
 */
type Column = PriceListCsvColumn;

export interface QualityName {
  id: number;
  title: string;
  rawMaterialName: string;
  rawMaterialTranslatePl: string;
}

export function fileInvalid(detail: string, field = 'content', code: string = V.wrongType): AppError {
  return new AppError('PRICE_LIST_FILE_INVALID', `Błędny plik cennika: ${detail}`, [{ field, code }]);
}

function cellError(line: number, column: Column, detail: string, code: string = V.wrongType): AppError {
  return fileInvalid(
    `wiersz ${line}, kolumna „${column}”: ${detail}`,
    `content.${line}.${PRICE_LIST_CSV_FIELDS[column]}`,
    code,
  );
}

const normalise = (text: string) => text.trim().toLocaleLowerCase('pl');

function parseDay(text: string): string | null {
  const dotted = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(text);
  const iso = dotted ? `${dotted[3]}-${dotted[2]}-${dotted[1]}` : text;
  return isValidIsoDate(iso) ? iso : null;
}

/** Złoty per tonne as written in Poland ("1 050,00", "1050.5") to grosze; null when it is not such a number. */
function parseGrosze(text: string): number | null {
  const compact = text.replace(/[\s\u00a0]/g, '').replace(',', '.');
  const match = /^(\d{1,9})(?:\.(\d{1,2}))?$/.exec(compact);
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

function parseRow(cells: string[], line: number, qualities: QualityName[]): EntryValues {
  const cell = (column: Column) => (cells[PRICE_LIST_CSV_COLUMNS.indexOf(column)] ?? '').trim();
  for (const column of PRICE_LIST_CSV_COLUMNS) {
    if (!cell(column)) throw cellError(line, column, 'brak wartości', V.required);
  }
  const material = normalise(cell('surowiec'));
  const ofMaterial = qualities.filter(
    (q) => normalise(q.rawMaterialName) === material || normalise(q.rawMaterialTranslatePl) === material,
  );
  if (!ofMaterial.length) throw cellError(line, 'surowiec', `nieznany surowiec „${cell('surowiec')}”`, V.chooseItem);
  const quality = ofMaterial.find((q) => normalise(q.title) === normalise(cell('jakość')));
  if (!quality) throw cellError(line, 'jakość', `surowiec nie ma jakości „${cell('jakość')}”`, V.chooseItem);
  const kind = cell('dostawca').toUpperCase();
  if (!(PRICE_LIST_SUPPLIER_KINDS as readonly string[]).includes(kind)) {
    throw cellError(line, 'dostawca', `„${cell('dostawca')}” to nie VAT ani RR`, V.oneOf);
  }
  const term = cell('termin_dni');
  if (!/^\d{1,3}$/.test(term) || Number(term) > PAYMENT_TERM_MAX_DAYS) {
    throw cellError(line, 'termin_dni', `„${term}” to nie liczba dni od 0 do ${PAYMENT_TERM_MAX_DAYS}`);
  }
  const price = parseGrosze(cell('cena_zl_t'));
  if (price === null || price <= 0 || price > AMOUNT_MAX) {
    throw cellError(line, 'cena_zl_t', `„${cell('cena_zl_t')}” to nie cena w zł/t`);
  }
  const validFrom = parseDay(cell('od'));
  if (!validFrom) throw cellError(line, 'od', `„${cell('od')}” to nie data`, V.date);
  const validTo = parseDay(cell('do'));
  if (!validTo) throw cellError(line, 'do', `„${cell('do')}” to nie data`, V.date);
  if (isDateBefore(validTo, validFrom)) throw cellError(line, 'do', 'data „do” przed datą „od”', V.dateToIsBefore);
  return {
    rawMaterialQualityId: quality.id,
    supplierKind: kind as PriceListSupplierKind,
    paymentTermDays: Number(term),
    price,
    validFrom,
    validTo,
  };
}

/** Every row of the file as an entry (with its line number, 1 being the header); throws on the first bad row. */
export function parsePriceListCsv(content: string, qualities: QualityName[]): (EntryValues & { line: number })[] {
  const lines = content.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = lines[0] ?? '';
  const separator = header.includes(';') ? ';' : ',';
  const names = header.split(separator).map(normalise);
  if (names[0] !== 'surowiec' || names.length < PRICE_LIST_CSV_COLUMNS.length) {
    throw fileInvalid(`wiersz 1: nagłówek musi mieć kolumny ${PRICE_LIST_CSV_COLUMNS.join(separator)}`);
  }
  const entries: (EntryValues & { line: number })[] = [];
  lines.slice(1).forEach((text, index) => {
    if (!text.trim()) return;
    const line = index + 2;
    entries.push({ ...parseRow(text.split(separator), line, qualities), line });
  });
  if (!entries.length) throw fileInvalid('plik nie ma żadnego wiersza z ceną', 'content', V.required);
  return entries;
}
