import { accountFrom, parseGrosze, parseStatementDate } from './amounts.js';
import { type BankStatementParser, StatementLineError, type StatementTransfer } from './types.js';

/**
 * The CSV "lista operacji" of mBank (a common Polish bank export): a preamble about the account, then the header
 * `#Data księgowania;#Data operacji;#Opis operacji;#Tytuł;#Nadawca/Odbiorca;#Numer konta;#Kwota;#Saldo po operacji;`,
 * one row per operation (semicolons, fields in double quotes where needed, the account in apostrophes, amounts
 * with a decimal comma and spaces between thousands, negative for money going out), then a footer. Columns are
 * found by their names, so a header with the `#` dropped or columns moved still reads.
 */
const COLUMNS = {
  bookedAt: ['data księgowania', 'data operacji'],
  title: ['tytuł'],
  name: ['nadawca/odbiorca', 'odbiorca/nadawca'],
  account: ['numer konta', 'rachunek'],
  amount: ['kwota'],
  description: ['opis operacji'],
} as const;

/** One CSV line's fields: `;` separated, `"…"` quoting with `""` for a quote inside. */
export function splitCsvLine(line: string): string[] {
  const fields: string[] = [];
  let field = '';
  let isQuoted = false;
  for (let i = 0; i < line.length; i++) {
    const char = line[i]!;
    if (isQuoted) {
      if (char === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (char === '"') isQuoted = false;
      else field += char;
    } else if (char === '"') isQuoted = true;
    else if (char === ';') {
      fields.push(field);
      field = '';
    } else field += char;
  }
  fields.push(field);
  return fields.map((value) => value.trim());
}

const headerName = (cell: string) => cell.replace(/^#/, '').trim().toLowerCase();

function columnIndexes(header: string[]) {
  const names = header.map(headerName);
  const find = (candidates: readonly string[]) => names.findIndex((name) => candidates.includes(name));
  return {
    bookedAt: find(COLUMNS.bookedAt),
    title: find(COLUMNS.title),
    name: find(COLUMNS.name),
    account: find(COLUMNS.account),
    amount: find(COLUMNS.amount),
    description: find(COLUMNS.description),
  };
}

const isHeader = (cells: string[]) => {
  const names = cells.map(headerName);
  return names.includes('kwota') && names.some((name) => (COLUMNS.bookedAt as readonly string[]).includes(name));
};

export const csvParser: BankStatementParser = {
  format: 'CSV',
  recognizes: (text) => text.split(/\r\n|\r|\n/).some((line) => isHeader(splitCsvLine(line))),
  parse(text) {
    const lines = text.split(/\r\n|\r|\n/);
    const headerAt = lines.findIndex((line) => isHeader(splitCsvLine(line)));
    if (headerAt < 0) throw new StatementLineError(1, 'brak wiersza nagłówka z kolumnami „Data księgowania” i „Kwota”');
    const at = columnIndexes(splitCsvLine(lines[headerAt]!));
    const transfers: StatementTransfer[] = [];
    for (let index = headerAt + 1; index < lines.length; index++) {
      const line = index + 1;
      const cells = splitCsvLine(lines[index]!);
      // The footer (#Saldo końcowe…) and empty lines end the rows; a row starts with its booking date.
      if (cells.every((cell) => cell === '') || cells[0]!.startsWith('#')) break;
      if (cells.length <= Math.max(at.bookedAt, at.amount)) {
        throw new StatementLineError(line, `za mało kolumn (${cells.length})`);
      }
      const { minor, isNegative } = parseGrosze(cells[at.amount]!, line);
      const cell = (i: number) => (i >= 0 ? (cells[i] ?? '').replace(/^'|'$/g, '').replace(/\s+/g, ' ').trim() : '');
      transfers.push({
        line,
        bookedAt: parseStatementDate(cells[at.bookedAt]!, line),
        amountMinor: minor,
        currency: /EUR|USD/i.exec(cells[at.amount]!)?.[0]?.toUpperCase() ?? 'PLN',
        isOutgoing: isNegative,
        counterpartyAccount: accountFrom(cell(at.account)),
        counterpartyName: cell(at.name) || null,
        title: cell(at.title) || cell(at.description),
        bankReference: null,
      });
    }
    return transfers;
  },
};
