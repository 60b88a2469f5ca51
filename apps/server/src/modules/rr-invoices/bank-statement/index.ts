import { csvParser } from './csv.js';
import { mt940Parser } from './mt940.js';
import { type BankStatementParser, type StatementFormat, StatementLineError, type StatementTransfer } from './types.js';

export { type StatementFormat, StatementLineError, type StatementTransfer } from './types.js';

const PARSERS: readonly BankStatementParser[] = [mt940Parser, csvParser];

/**
 * The file's bytes as text: UTF-8 when they are valid UTF-8 (a BOM dropped), otherwise Windows-1250, the code page
 * Polish banks still export in (a Windows-1250 "ą" or "ł" is never valid UTF-8, so the two cannot be confused).
 */
export function decodeStatement(bytes: Uint8Array): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder('windows-1250').decode(bytes);
  }
}

/** The transfers of an MT940 or bank CSV file; a file of neither format is refused on its first line. */
export function parseBankStatement(bytes: Uint8Array): { format: StatementFormat; transfers: StatementTransfer[] } {
  const text = decodeStatement(bytes);
  const parser = PARSERS.find((candidate) => candidate.recognizes(text));
  if (!parser) throw new StatementLineError(1, 'plik nie jest wyciągiem MT940 ani CSV banku');
  return { format: parser.format, transfers: parser.parse(text) };
}
