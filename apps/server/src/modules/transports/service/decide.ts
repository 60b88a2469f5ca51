import {
  acceptDiscount,
  counterChange,
  countersOf,
  type TransportDecisionRequest,
  type TransportResponse,
} from '@grain/shared';
import type { Db } from '../../../db/client.js';
import { withWriteTransaction } from '../../../db/locks.js';
import { audit } from '../../../lib/audit.js';
import type { Ctx } from '../../../lib/context.js';
import { AppError, isForeignKeyViolation } from '../../../lib/errors.js';
import {
  addTransactionDeduction,
  type DecisionTransaction,
  deleteTransactions,
  isFlaggedRow,
  lockUnloadingTransactions,
  recordDecision,
  unloadingToDecide,
} from '../queries/decisions.js';
import { updateTransport } from '../queries/writes.js';
import { applyCounterChange, type LockedPair, lockTransportWithPair } from './pair.js';
import { loadTransport } from './response.js';

/** ACCEPT: the discount per tonne lands on each flagged row's deductions; the history names each row's amount. */
async function acceptWithDiscount(tx: Db, userId: number, rows: DecisionTransaction[], discountPerTon: number) {
  if (discountPerTon === 0) return;
  for (const row of rows.filter(isFlaggedRow)) {
    const amount = acceptDiscount(row.realQuantityKg ?? 0, discountPerTon);
    await addTransactionDeduction(tx, row.id, amount);
    await audit(tx, userId, 'transaction', row.id, 'decision', {
      deductions: { from: row.deductions, to: row.deductions + amount },
    });
  }
}

/**
 * REJECT: the truck goes back. The goods were neither bought nor sold, so the delivery's PURCHASE and SALES rows go;
 * the carrier drove all the same, so its TRANSPORT row stays on the statement to be settled. The delivered kg leave
 * the pair's counters as countersOf('RETURN_TO_CLIENT') says. The unloading stays, with its lab results and the
 * decision.
 */
async function rejectDelivery(tx: Db, pair: LockedPair, transport: Delivered, rows: DecisionTransaction[]) {
  try {
    await deleteTransactions(
      tx,
      goodsRowsOf(rows).map((row) => row.id),
    );
  } catch (error) {
    // An invoice line or a received invoice's match holds a row: the rows are no longer the statement's alone.
    if (isForeignKeyViolation(error)) throw new AppError('TRANSPORT_DECISION_ROWS_CLOSED');
    throw error;
  }
  await updateTransport(tx, transport.id, { status: 'RETURN_TO_CLIENT' });
  await applyCounterChange(
    tx,
    pair,
    counterChange(
      countersOf('DELIVERED', transport.cargoQuantityKg, transport.realKg),
      countersOf('RETURN_TO_CLIENT', transport.cargoQuantityKg),
    ),
  );
}

/** The rows of the goods themselves (a rejection removes them), not the carrier's freight. */
const goodsRowsOf = (rows: readonly DecisionTransaction[]) => rows.filter((row) => row.kind !== 'TRANSPORT');

interface Delivered {
  id: number;
  cargoQuantityKg: number;
  /** The unloading's real kg: what the delivery added to the delivered counters. */
  realKg: number;
}

/**
 * POST /transport/decide/{id}. RULES.md Transports, Quality: a rejection limit asks for a decision. Only a
 * DELIVERED transport whose unloading is "do decyzji" (TRANSPORT_NOT_TO_DECIDE), once (TRANSPORT_ALREADY_DECIDED),
 * while none of its statement rows is settled or invoiced (TRANSPORT_DECISION_ROWS_CLOSED). ACCEPT adds the
 * discount to the flagged rows; REJECT sends the truck back (rejectDelivery); REDIRECT records where the goods go,
 * the sales row then moved by the statement (RULES.md Settlements: Move). One transaction, in the transport's
 * history with who and when.
 */
export function decideTransport(ctx: Ctx, id: number, input: TransportDecisionRequest): Promise<TransportResponse> {
  return withWriteTransaction(ctx.db, async (tx) => {
    const { transport, pair } = await lockTransportWithPair(tx, id);
    const unloading = await unloadingToDecide(tx, id);
    if (unloading?.decision) throw new AppError('TRANSPORT_ALREADY_DECIDED');
    if (transport.status !== 'DELIVERED' || !unloading?.isToDecide) throw new AppError('TRANSPORT_NOT_TO_DECIDE');

    const rows = await lockUnloadingTransactions(tx, unloading.id);
    if (rows.some((row) => row.status !== 'TO_SETTLEMENT' || row.invoiceNumber)) {
      throw new AppError('TRANSPORT_DECISION_ROWS_CLOSED');
    }
    if (input.decision === 'ACCEPT') await acceptWithDiscount(tx, ctx.user.id, rows, input.discountPerTon);
    if (input.decision === 'REJECT') {
      await rejectDelivery(tx, pair, { ...transport, realKg: unloading.realCargoQuantityKg }, rows);
    }

    const discountPerTon = input.decision === 'ACCEPT' ? input.discountPerTon : null;
    await recordDecision(tx, unloading.id, {
      decision: input.decision,
      note: input.reason,
      discountPerTon,
      userId: ctx.user.id,
    });
    await audit(tx, ctx.user.id, 'transport', id, 'decision', {
      isToDecide: { from: true, to: false },
      decision: { from: null, to: input.decision },
      ...(input.reason ? { decisionNote: { from: null, to: input.reason } } : {}),
      ...(discountPerTon ? { decisionDiscountPerTon: { from: null, to: discountPerTon } } : {}),
      ...(input.decision === 'REJECT' ? { status: { from: transport.status, to: 'RETURN_TO_CLIENT' } } : {}),
      ...(input.decision === 'REJECT'
        ? { removedTransactionIds: { from: goodsRowsOf(rows).map((row) => row.id), to: null } }
        : {}),
    });
    return loadTransport(tx, id);
  });
}
