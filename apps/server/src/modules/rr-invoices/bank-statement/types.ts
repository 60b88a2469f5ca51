/**
 * A bank statement file read into transfers (the VAT RR payment to the farmer): one parser per file format
 * behind one interface, so the import does not care whether the bank gave MT940 or its own CSV.
 */
export interface StatementTransfer {
  /** The file's line (1-based) where the transfer starts: an answer or a refusal names it. */
  line: number;
  /** YYYY-MM-DD, the booking date. */
  bookedAt: string;
  /** Integer grosze, always positive; `isOutgoing` says the direction. */
  amountMinor: number;
  currency: string;
  isOutgoing: boolean;
  /** The other party's Polish account as its 26 digits, or null when the line names none. */
  counterpartyAccount: string | null;
  counterpartyName: string | null;
  title: string;
  /** The bank's own reference of the transfer, when the format carries one. */
  bankReference: string | null;
}

export type StatementFormat = 'MT940' | 'CSV';

export interface BankStatementParser {
  readonly format: StatementFormat;
  /** Whether the text looks like this format at all (the first parser that says yes reads it). */
  recognizes(text: string): boolean;
  /** Every transfer of the file, or a StatementLineError naming the first line that cannot be read. */
  parse(text: string): StatementTransfer[];
}

/** A line of the file that cannot be read; the import turns it into BANK_STATEMENT_INVALID naming the line. */
export class StatementLineError extends Error {
  constructor(
    readonly line: number,
    readonly detail: string,
  ) {
    super(`Wiersz ${line}: ${detail}`);
  }
}
