import { isAwaitingRows } from '../../../components/list/use-list-query';
import '../i18n';
import { CONTRACT_STATUSES, type ContractStatus, DEFAULT_PAGE_SIZE } from '@grain/shared';
import { Box, Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ExportButton } from '../../../components/list/export-button';
import { countActiveFilters, FilterToggle } from '../../../components/list/filter-panel';
import { ListToolbar } from '../../../components/list/list-toolbar';
import { StatusChips } from '../../../components/list/status-chips';
import { PhoneCollapse } from '../../../components/list/totals-bar';
import { useListState } from '../../../components/list/use-list-state';
import { PageHeader } from '../../../components/page-header';
import { exportContracts, useContractList } from '../api';
import { ContractFilterPanel } from '../components/contract-filter-panel';
import { ContractTable } from '../components/contract-table';
import { ContractTotalsBar } from '../components/contract-totals-bar';
import { RawMaterialTabs } from '../components/raw-material-tabs';
import {
  contractStatusesOf,
  defaultListFilter,
  rawMaterialOf,
  withoutPanelFilters,
  withRawMaterial,
} from '../list-filter';
import { type ContractSide, formPath, PURCHASE_SIDE, SALES_SIDE } from '../side';

/** Navigation may name the tab to open (spec/1: raw material id from navigation state or the query string). */
function rawMaterialFromState(state: unknown): number | undefined {
  const id = Number((state as { rawMaterialId?: unknown } | null)?.rawMaterialId);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

/** spec/1 Purchase and Sales contract lists: tabs, search, filters, status chips, table, export and add. */
function ContractListPage({ side }: { side: ContractSide }) {
  const { t } = useTranslation();
  const location = useLocation();
  const list = useListState(
    { limit: DEFAULT_PAGE_SIZE, filter: defaultListFilter(rawMaterialFromState(location.state)) },
    side.kind === 'purchase' ? 'contracts.purchase' : 'contracts.sales',
  );
  const query = useContractList(side, list);
  const [isFilterOpen, { toggle }] = useDisclosure(false);
  const rawMaterialId = rawMaterialOf(list.filter);
  const title = t(`${side.i18n}.title`);

  return (
    <>
      <PageHeader
        crumbs={[{ label: t('nav.home'), to: '/positions' }, { label: t('nav.contracts') }, { label: title }]}
        title={title}
        actions={
          <>
            <ExportButton exportFile={() => exportContracts(side, list)} />
            <Button component={Link} to={formPath(side)} state={{ rawMaterialId }} leftSection={<IconPlus size={16} />}>
              {t(`${side.i18n}.add`)}
            </Button>
          </>
        }
      />
      <RawMaterialTabs value={rawMaterialId} onChange={(id) => list.setFilter(withRawMaterial(list.filter, id))} />
      <ListToolbar
        list={list}
        listKey={side.kind === 'purchase' ? 'contracts.purchase' : 'contracts.sales'}
        searchPlaceholder={t(`${side.i18n}.searchPlaceholder`)}
        onRefresh={() => void query.refetch()}
        isFetching={query.isFetching}
        fetchedAt={query.dataUpdatedAt}
      >
        <FilterToggle
          isOpen={isFilterOpen}
          onToggle={toggle}
          activeCount={countActiveFilters(list.filter, withoutPanelFilters(list.filter))}
        />
      </ListToolbar>
      <PhoneCollapse isOpen={isFilterOpen}>
        <Box mb="md">
          <StatusChips<ContractStatus>
            statuses={CONTRACT_STATUSES}
            value={contractStatusesOf(list.filter) as ContractStatus[]}
            onChange={(statuses) => list.setFilter({ ...list.filter, contractStatus: statuses })}
            labelOf={(status) => t(`status.contract.${status}`)}
          />
        </Box>
      </PhoneCollapse>
      <ContractFilterPanel
        isOpen={isFilterOpen}
        value={list.filter}
        rawMaterialId={rawMaterialId}
        onApply={list.setFilter}
      />
      <PhoneCollapse isOpen={isFilterOpen}>
        <ContractTotalsBar side={side} totals={query.data?.totalData} />
      </PhoneCollapse>
      <ContractTable
        side={side}
        list={list}
        rows={query.data?.list}
        filtered={query.data?.filtered ?? 0}
        isFilteredCapped={query.data?.filteredCapped}
        isLoading={isAwaitingRows(query)}
        isError={query.isError}
      />
    </>
  );
}

export const PurchaseListPage = () => <ContractListPage side={PURCHASE_SIDE} />;
export const SalesListPage = () => <ContractListPage side={SALES_SIDE} />;
