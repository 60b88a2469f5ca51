import type {
  BulkInvoiceRequest,
  BulkSettlementResponse,
  BulkSettleRequest,
  ListResponse,
  PurchaseListItem,
  SalesListItem,
  SetInvoiceRequest,
  SettleRequest,
  SplitRequest,
  SplitResponse,
  TransactionKind,
  TransactionRow,
} from '@grain/shared';
import { todayIso, transactionStatementExportFileName } from '@grain/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, saveBlob } from '../../api/client';
import type { ListState } from '../../components/list/list-state';
import { useListQuery } from '../../components/list/use-list-query';
import { registerLiveKeys } from '../../lib/live/registry';
import { MOVE_TARGET_STATUSES, type MoveRequest, moveCandidates } from './row-forms';
import { toTransactionFilter } from './statement-filter';
import type { StatementTab } from './tabs';

export const statementKeys = {
  all: ['settlements'] as const,
  list: (tab: StatementTab) => [...statementKeys.all, 'statement', tab] as const,
  transport: (transportId: number) => [...statementKeys.all, 'transport', transportId] as const,
  moveCandidates: (transactionId: number, search: string) =>
    [...statementKeys.all, 'move-candidates', transactionId, search] as const,
};

/**
 * Live updates (lib/live): statement rows change by themselves (invoice data, settling, splitting, moving), a delivery
 * adds a transport's three rows and an issued invoice numbers its rows.
 */
const STATEMENT_QUERIES = () => [statementKeys.all] as const;
registerLiveKeys({ transaction: STATEMENT_QUERIES, transport: STATEMENT_QUERIES, invoice: STATEMENT_QUERIES });

export function useStatementList(state: ListState, tab: StatementTab) {
  return useListQuery<TransactionRow>(statementKeys.list(tab), '/settlement/transaction-list', state, (filter) =>
    toTransactionFilter(tab, filter),
  );
}

/** A truck's rows (its PURCHASE, SALES and TRANSPORT rows and any split off them), for its details. */
export function useTransportStatementRows(transportId: number) {
  return useQuery({
    queryKey: statementKeys.transport(transportId),
    queryFn: ({ signal }) =>
      apiRequest<ListResponse<TransactionRow>>('/settlement/transaction-list', {
        method: 'POST',
        body: { limit: 50, offset: 0, orderBy: 'id', filter: { transportId } },
        signal,
      }).then((answer) => answer.list),
  });
}

/** Every row of the tab matching the search and filters, and their quality lines, as a spreadsheet. */
export async function exportStatement(state: ListState, tab: StatementTab) {
  const blob = await apiRequest<Blob>('/contract/export-transaction-statement-to-excel', {
    method: 'POST',
    body: {
      search: state.search || undefined,
      orderBy: state.orderBy || undefined,
      filter: toTransactionFilter(tab, state.filter),
    },
    responseType: 'blob',
    silent: true,
  });
  saveBlob(blob, transactionStatementExportFileName(todayIso()));
}

/** RULES.md settlement calls: the purchase path takes the invoices the company receives (supplier and carrier). */
const INVOICE_PATHS: Record<TransactionKind, string> = {
  PURCHASE: '/contract/settlement-set-purchase-invoice',
  TRANSPORT: '/contract/settlement-set-purchase-invoice',
  SALES: '/contract/settlement-set-sales-invoice',
};

const SETTLE_PATHS: Record<TransactionKind, string> = {
  PURCHASE: '/contract/settlement-purchase',
  SALES: '/contract/settlement-sales',
  TRANSPORT: '/contract/settlement-transport',
};

const MOVE_PATHS: Record<MoveRequest['kind'], string> = {
  PURCHASE: '/contract/settlement-reallocate-purchase',
  SALES: '/contract/settlement-reallocate',
};

/** Every write changes statement rows (and what the move candidates show): all settlement queries refetch. */
function useSettlementMutation<Input, Answer>(send: (input: Input) => Promise<Answer>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: send,
    onSuccess: () => client.invalidateQueries({ queryKey: statementKeys.all }),
  });
}

export function useSetInvoice(kind: TransactionKind) {
  return useSettlementMutation((body: SetInvoiceRequest) =>
    apiRequest<TransactionRow>(INVOICE_PATHS[kind], { method: 'POST', body, silent: true }),
  );
}

export function useSettle(kind: TransactionKind) {
  return useSettlementMutation((body: SettleRequest) =>
    apiRequest<TransactionRow>(SETTLE_PATHS[kind], { method: 'POST', body, silent: true }),
  );
}

/** Several rows in one all-or-nothing call; a refused row comes back as `items.N.<field>`. */
export function useBulkInvoice() {
  return useSettlementMutation((body: BulkInvoiceRequest) =>
    apiRequest<BulkSettlementResponse>('/contract/settlement-bulk-invoice', { method: 'POST', body, silent: true }),
  );
}

export function useBulkSettle() {
  return useSettlementMutation((body: BulkSettleRequest) =>
    apiRequest<BulkSettlementResponse>('/contract/settlement-bulk-settle', { method: 'POST', body, silent: true }),
  );
}

export function useSplit() {
  return useSettlementMutation((body: SplitRequest) =>
    apiRequest<SplitResponse>('/contract/settlement-split', { method: 'POST', body, silent: true }),
  );
}

export function useMove() {
  return useSettlementMutation((request: MoveRequest) =>
    apiRequest<TransactionRow>(MOVE_PATHS[request.kind], { method: 'POST', body: request.body, silent: true }),
  );
}

const OPTION_PAGE = 100;

type ContractListItem = PurchaseListItem | SalesListItem;

/**
 * Contracts a PURCHASE or SALES row can move to: the contract list of its side, searched by what was typed (by the
 * counterparty's code while nothing is), of the row's raw material and open statuses; the rest is kept client-side
 * (moveCandidates). No abort signal: a search superseded while in flight is left to finish, since the client reports
 * an aborted call as a lost connection.
 */
export function useMoveCandidates(row: TransactionRow, rawMaterialId: number | null, search: string, enabled: boolean) {
  const path = row.type === 'PURCHASE' ? '/contract/get-purchase-list' : '/contract/get-sales-list';
  return useQuery<ContractListItem[]>({
    queryKey: [...statementKeys.moveCandidates(row.id, search), rawMaterialId],
    queryFn: () =>
      apiRequest<ListResponse<ContractListItem>>(path, {
        method: 'POST',
        body: {
          limit: OPTION_PAGE,
          offset: 0,
          search: search || row.contractorCode,
          filter: { contractStatus: MOVE_TARGET_STATUSES, ...(rawMaterialId ? { rawMaterialId } : {}) },
        },
      }).then((answer) => moveCandidates(row, answer.list)),
    enabled: enabled && row.type !== 'TRANSPORT',
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}
