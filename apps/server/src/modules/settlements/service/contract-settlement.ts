import type { ContractSettlementTotals } from '@grain/shared';
import type { Db } from '../../../db/client.js';
import * as q from '../queries/transactions.js';

/**
 * What the contracts module asks of settlements (RULES.md Settlements: settled quantities and values feed the
 * contracts; a contract whose transactions are all settled can go to CLOSED).
 *
 * The contract status change TO_SETTLEMENT → CLOSED should, inside its transaction and after locking the contract
 * row, call `hasUnsettledTransactions(tx, contractId)` and refuse with WRONG_STATUS when it answers true. A move
 * of a transaction onto a contract locks that contract too, so the two cannot cross.
 */
export function hasUnsettledTransactions(db: Db, contractId: number): Promise<boolean> {
  return q.hasUnsettledTransactions(db, contractId);
}

/** The contract's settled count, quantity (kg), value and PLN value, and what is left to settle. */
export function contractSettlementTotals(db: Db, contractId: number): Promise<ContractSettlementTotals> {
  return q.contractSettlementTotals(db, contractId);
}
