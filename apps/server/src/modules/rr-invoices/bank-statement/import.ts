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
import { audit } from '../../../lib/audit.js';
import type { Ctx } from '../../../lib/context.js';
import { AppError } from '../../../lib/errors.js';
import { parseBankStatement, StatementLineError, type StatementTransfer } from './index.js';
import * as q from './queries.js';

type Invoice = Awaited<ReturnType<typeof q.rrInvoicesNamedIn>>[number];
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

/** The matching: an outgoing PLN transfer naming exactly one RR invoice, paid into the farmer's account. */
async function classify(db: Db, transfer: StatementTransfer): Promise<Classified> {
  if (!transfer.isOutgoing) return { transfer, reason: 'INCOMING' };
  if (transfer.currency !== 'PLN') return { transfer, reason: 'CURRENCY' };
  const named = (await q.rrInvoicesNamedIn(db, transfer.title)).filter((invoice) =>
    namesNumber(transfer.title, invoice.number),
  );
  if (!named.length) return { transfer, reason: 'NO_RR_NUMBER' };
  if (named.length > 1) return { transfer, reason: 'SEVERAL_INVOICES' };
  const invoice = named[0]!;
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

function readStatement(input: RrPaymentImportRequest) {
  try {
    return parseBankStatement(Buffer.from(input.contentBase64, 'base64'));
  } catch (error) {
    if (!(error instanceof StatementLineError)) throw error;
    throw new AppError('BANK_STATEMENT_INVALID', error.message, [{ field: 'content_base64', code: V.wrongType }]);
  }
}

/**
 * POST /rr-invoice/payment-import: a bank statement's transfers to farmers recorded as RR payments, in one
 * transaction (RULES.md Invoices, VAT and KSeF, VAT RR: the deductible month follows from a transfer to the
 * farmer's account naming the invoice). A transfer recorded before is listed, not recorded again; a file with a line
 * that cannot be read stores nothing (BANK_STATEMENT_INVALID names the line).
 */
export async function importRrPayments(ctx: Ctx, input: RrPaymentImportRequest): Promise<RrPaymentImportResponse> {
  const { format, transfers } = readStatement(input);
  return withWriteTransaction(ctx.db, async (tx) => {
    const classified: Classified[] = [];
    for (const transfer of transfers) classified.push(await classify(tx, transfer));
    const ids = [...new Set(classified.flatMap((item) => ('invoice' in item ? [item.invoice.id] : [])))];
    await q.lockRrInvoicesInIdOrder(
      tx,
      ids.sort((a, b) => a - b),
    );
    const matched: RrImportedPayment[] = [];
    const alreadyRecorded: RrImportedPayment[] = [];
    const unmatched: RrUnmatchedLine[] = [];
    for (const item of classified) {
      const { transfer } = item;
      if (!('invoice' in item)) {
        unmatched.push({ ...lineOf(transfer), isOutgoing: transfer.isOutgoing, reason: item.reason });
        continue;
      }
      const payment = { rrInvoiceId: item.invoice.id, paidAt: transfer.bookedAt, amount: transfer.amountMinor };
      const answer = { ...lineOf(transfer), rrInvoiceId: item.invoice.id, number: item.invoice.number };
      const isRecorded =
        !(await q.hasTypedTransfer(tx, { ...payment, account: item.account })) &&
        (await q.insertImportedPayment(tx, {
          ...payment,
          method: 'TRANSFER',
          account: item.account,
          title: transfer.title.slice(0, MAX_STRING),
          bankKey: bankKeyOf(transfer, item.invoice.id),
          createdBy: ctx.user.id,
        }));
      (isRecorded ? matched : alreadyRecorded).push(answer);
      if (isRecorded) {
        await audit(tx, ctx.user.id, 'rr_invoice', item.invoice.id, 'payment', {
          paidAt: transfer.bookedAt,
          amount: transfer.amountMinor,
          method: 'TRANSFER',
          fileName: input.fileName ?? null,
          line: transfer.line,
        });
      }
    }
    return { format, matched, alreadyRecorded, unmatched };
  });
}
