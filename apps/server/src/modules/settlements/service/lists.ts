import type {
  ContractSettlementListResponse,
  ContractType,
  PurchaseSettlementListRequest,
  SalesSettlementListRequest,
  SettlementStatus,
  TransactionListRequest,
  TransactionListResponse,
} from '@grain/shared';
import type { Db } from '../../../db/client.js';
import type { Ctx } from '../../../lib/context.js';
import { AppError } from '../../../lib/errors.js';
import { contractScope, statementPage } from '../queries/statement.js';
import { statementPageWithTotals } from '../queries/statement-totals.js';
import * as q from '../queries/transactions.js';
import { toTransactionRow } from './rows.js';

/** settlement/transaction-list: the statement with its type filter, search and the spec/1 sort keys. */
export async function listTransactions(ctx: Ctx, request: TransactionListRequest): Promise<TransactionListResponse> {
  // The page comes with its totals row, over the same conditions (queries/statement.ts statementPageWithTotals).
  const page = await statementPageWithTotals(ctx.db, request);
  return { ...page, list: page.list.map(toTransactionRow) };
}

/** CONTRACT_NOT_FOUND unless the id is a contract of that type. */
async function contractOfType(db: Db, id: number, type: ContractType) {
  const contract = await q.getContract(db, id);
  if (contract?.type !== type) throw new AppError('CONTRACT_NOT_FOUND');
  return contract;
}

function statusType(status: SettlementStatus | null | undefined) {
  if (status === 'SETTLED') return 'settled' as const;
  if (status === 'TO_SETTLEMENT') return 'to_settlement' as const;
  return null;
}

/**
 * One contract's transactions on its own side, with the contract's settlement figures in totalData (over all its
 * rows, not the page): settledQuantity and settledValue feed the contract, toSettleCount = 0 lets it be CLOSED.
 */
async function listContractSettlements(
  ctx: Ctx,
  contractId: number,
  type: ContractType,
  request: { limit: number; offset: number; search?: string; orderBy?: string; status?: SettlementStatus | null },
): Promise<ContractSettlementListResponse> {
  await contractOfType(ctx.db, contractId, type);
  const [page, totalData] = await Promise.all([
    statementPage(
      ctx.db,
      { ...request, filter: { type: statusType(request.status) } },
      contractScope(contractId, type),
    ),
    q.contractSettlementTotals(ctx.db, contractId),
  ]);
  return { ...page, list: page.list.map(toTransactionRow), totalData };
}

/** /contract/settlement-purchase-list: PURCHASE transactions of filter.purchaseId. */
export function listPurchaseSettlements(ctx: Ctx, request: PurchaseSettlementListRequest) {
  const { filter, ...rest } = request;
  return listContractSettlements(ctx, filter!.purchaseId, 'PURCHASE', { ...rest, status: filter!.status });
}

/** /contract/settlement-sales-list: SALES transactions of filter.salesId. */
export function listSalesSettlements(ctx: Ctx, request: SalesSettlementListRequest) {
  const { filter, ...rest } = request;
  return listContractSettlements(ctx, filter!.salesId, 'SALES', { ...rest, status: filter!.status });
}
