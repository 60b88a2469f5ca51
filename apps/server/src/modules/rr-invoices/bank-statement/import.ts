import { createHash } from 'node:crypto';
import {
  MAX_STRING,
  type RrImportedPayment,
  type RrImportUnmatchedReason,
  type RrPaymentImportRequest,
  type RrPaymentImportResponse,
  type RrUnmatchedLine,
  V,
} from '@grain/shared';
import type { Db } from '../../../db/client.js';
import { withWriteTransaction } from '../../../db/locks.js';
import type { rrInvoicePayments } from '../../../db/schema/index.js';
import { auditEach } from '../../../lib/audit.js';
import type { Ctx } from '../../../lib/context.js';
import { AppError } from '../../../lib/errors.js';
import { StatementLineError, type StatementTransfer } from './index.js';
import { parseBankStatementOffLoop } from './parse-off-loop.js';
import * as q from './queries.js';

type Invoice = q.NamedRrInvoice;
type Classified =
  | { transfer: StatementTransfer; invoice: Invoice; account: string }
  | { transfer: StatementTransfer; reason: RrImportUnmatchedReason };

const isWordChar = (char: string | undefined) => char !== undefined && /[\p{L}\p{N}]/u.test(char);

/** The number stands on its own in the title: RR/2026/1 is not named by a title saying RR/2026/12. */
function namesNumber(title: string, number: string): boolean {
  const haystack = title.toUpperCase();
  const needle = number.toUpperCase();
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + 1)) {
    if (!isWordChar(haystack[at - 1]) && !isWordChar(haystack[at + needle.length])) return true;
  }
  return false;
}

/**
 * RULES.md Invoices, VAT and KSeF, VAT RR: an outgoing PLN transfer naming exactly one RR invoice, paid into the
 * farmer's account. `named` holds the invoices whose number the title contains, read for the whole file at once.
 */
function classify(transfer: StatementTransfer, named: readonly Invoice[]): Classified {
  if (!transfer.isOutgoing) return { transfer, reason: 'INCOMING' };
  if (transfer.currency !== 'PLN') return { transfer, reason: 'CURRENCY' };
  const standing = named.filter((invoice) => namesNumber(transfer.title, invoice.number));
  if (!standing.length) return { transfer, reason: 'NO_RR_NUMBER' };
  if (standing.length > 1) return { transfer, reason: 'SEVERAL_INVOICES' };
  const invoice = standing[0]!;
  if (transfer.counterpartyAccount !== invoice.farmerAccount) return { transfer, reason: 'ACCOUNT_DIFFERS' };
  return { transfer, invoice, account: invoice.farmerAccount };
}

/**
 * The same transfer gives the same key whichever file it came from (MT940 or CSV of the same account): its day,
 * amount, account, invoice and title with spacing and case aside.
 */
function bankKeyOf(transfer: StatementTransfer, rrInvoiceId: number): string {
  const title = transfer.title.replace(/\s+/g, '').toUpperCase();
  const parts = [transfer.bookedAt, transfer.amountMinor, transfer.counterpartyAccount, rrInvoiceId, title];
  return createHash('sha256').update(parts.join('|')).digest('hex');
}

const lineOf = (transfer: StatementTransfer) => ({
  line: transfer.line,
  paidAt: transfer.bookedAt,
  amount: transfer.amountMinor,
  account: transfer.counterpartyAccount,
  title: transfer.title,
});

async function readStatement(input: RrPaymentImportRequest) {
  try {
    return await parseBankStatementOffLoop(Buffer.from(input.contentBase64, 'base64'));
  } catch (error) {
    if (!(error instanceof StatementLineError)) throw error;
    throw new AppError('BANK_STATEMENT_INVALID', error.message, [{ field: 'content_base64', code: V.wrongType }]);
  }
}

interface Candidate {
  answer: RrImportedPayment;
  values: typeof rrInvoicePayments.$inferInsert;
}

/**
 * The lines naming an invoice as payments to write, the others as unmatched. A transfer typed by hand with the same
 * day, amount and account is such a line already: it gets no bank key and is not written twice.
 */
function candidatesOf(classified: readonly Classified[], typed: ReadonlySet<string>, userId: number) {
  const unmatched: RrUnmatchedLine[] = [];
  const candidates: Candidate[] = [];
  for (const item of classified) {
    const { transfer } = item;
    if (!('invoice' in item)) {
      unmatched.push({ ...lineOf(transfer), isOutgoing: transfer.isOutgoing, reason: item.reason });
      continue;
    }
    const payment = { rrInvoiceId: item.invoice.id, paidAt: transfer.bookedAt, amount: transfer.amountMinor };
    const isTyped = typed.has(q.typedTransferKey({ ...payment, account: item.account }));
    candidates.push({
      answer: { ...lineOf(transfer), rrInvoiceId: item.invoice.id, number: item.invoice.number },
      values: {
        ...payment,
        method: 'TRANSFER',
        account: item.account,
        title: transfer.title.slice(0, MAX_STRING),
        bankKey: isTyped ? null : bankKeyOf(transfer, item.invoice.id),
        createdBy: userId,
      },
    });
  }
  return { candidates, unmatched };
}

/**
 * Writes the candidates not recorded before, in one insert; answers those written now. The same line twice in one
 * file is one transfer: its first occurrence is the one written.
 */
async function recordCandidates(tx: Db, candidates: readonly Candidate[]): Promise<Set<Candidate>> {
  const firstByKey = new Map<string, Candidate>();
  for (const candidate of candidates) {
    const key = candidate.values.bankKey;
    if (key && !firstByKey.has(key)) firstByKey.set(key, candidate);
  }
  const recordedKeys = await q.insertImportedPayments(
    tx,
    [...firstByKey.values()].map((candidate) => candidate.values),
  );
  return new Set([...firstByKey].flatMap(([key, candidate]) => (recordedKeys.has(key) ? [candidate] : [])));
}

/**
 * POST /rr-invoice/payment-import: a bank statement's transfers to farmers recorded as RR payments, in one
 * transaction (RULES.md Invoices, VAT and KSeF, VAT RR: the deductible month follows from a transfer to the
 * farmer's account naming the invoice). A transfer recorded before is listed, not recorded again; a file with a line
 * that cannot be read stores nothing (BANK_STATEMENT_INVALID names the line). A few queries for the whole file, none
 * per line: the largest statement has thousands of lines.
 */
export async function importRrPayments(ctx: Ctx, input: RrPaymentImportRequest): Promise<RrPaymentImportResponse> {
  const { format, transfers } = await readStatement(input);
  return withWriteTransaction(ctx.db, async (tx) => {
    const outgoing = transfers.filter((transfer) => transfer.isOutgoing);
    const namedByLine = await q.rrInvoicesNamedInTitles(
      tx,
      outgoing.map((transfer) => ({ line: transfer.line, title: transfer.title })),
    );
    const classified = transfers.map((transfer) => classify(transfer, namedByLine.get(transfer.line) ?? []));
    const ids = [...new Set(classified.flatMap((item) => ('invoice' in item ? [item.invoice.id] : [])))];
    await q.lockRrInvoicesInIdOrder(
      tx,
      ids.sort((a, b) => a - b),
    );
    const { candidates, unmatched } = candidatesOf(classified, await q.typedTransferKeys(tx, ids), ctx.user.id);
    const recorded = await recordCandidates(tx, candidates);
    const changesOf = ({ answer, values }: Candidate) => ({
      paidAt: values.paidAt,
      amount: values.amount,
      method: 'TRANSFER',
      fileName: input.fileName ?? null,
      line: answer.line,
    });
    await auditEach(
      tx,
      ctx.user.id,
      'rr_invoice',
      [...recorded].map((candidate) => ({
        entityId: candidate.answer.rrInvoiceId,
        action: 'payment',
        changes: changesOf(candidate),
      })),
    );
    return {
      format,
      matched: candidates.filter((candidate) => recorded.has(candidate)).map((candidate) => candidate.answer),
      alreadyRecorded: candidates.filter((candidate) => !recorded.has(candidate)).map((candidate) => candidate.answer),
      unmatched,
    };
  });
}
