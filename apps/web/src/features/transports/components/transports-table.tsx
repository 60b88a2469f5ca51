import type { TransportListFilter } from '@grain/shared';
import { useTranslation } from 'react-i18next';
import { ListToolbar } from '../../../components/list/list-toolbar';
import { useListState } from '../../../components/list/use-list-state';
import { useTransportList } from '../api';
import type { TransportColumnKey } from './transport-columns';
import { TransportDataTable } from './transport-data-table';

const PURCHASE_SIDE: readonly TransportColumnKey[] = ['purchaseDocument', 'supplier'];
const SALE_SIDE: readonly TransportColumnKey[] = ['salesDocument', 'recipient'];

/**
 * The transports of one contract (spec/1 Contract dashboards, transport tab): the logistics table filtered by
 * purchaseId or salesId, without the columns of the contract's own side; a transport on the way cannot be
 * deleted here. Search, sort and paging live in the URL like every list.
 */
export function TransportsTable({ purchaseId, salesId }: { purchaseId?: number; salesId?: number }) {
  const { t } = useTranslation();
  const list = useListState();
  const listKey = purchaseId ? 'contracts.purchase.transports' : 'contracts.sales.transports';
  const toFilter = (): TransportListFilter => ({ purchaseId, salesId });
  const query = useTransportList(list, toFilter);
  const hidden = purchaseId ? PURCHASE_SIDE : salesId ? SALE_SIDE : [];
  return (
    <>
      <ListToolbar
        list={list}
        listKey={listKey}
        searchPlaceholder={t('transports.searchPlaceholder')}
        onRefresh={() => void query.refetch()}
        isFetching={query.isFetching}
        fetchedAt={query.dataUpdatedAt}
      />
      <TransportDataTable list={list} query={query} hidden={hidden} isContractSide listId={listKey} />
    </>
  );
}
