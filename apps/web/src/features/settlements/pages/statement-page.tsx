import { Tabs } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { DataTable } from '../../../components/list/data-table';
import { countActiveFilters, FilterToggle } from '../../../components/list/filter-panel';
import { ListToolbar } from '../../../components/list/list-toolbar';
import { useListState } from '../../../components/list/use-list-state';
import { PageHeader } from '../../../components/page-header';
import { useStatementList } from '../api';
import { ActionModal, type OpenAction } from '../components/action-modal';
import { RowActionsMenu } from '../components/row-actions-menu';
import { useStatementColumns } from '../components/statement-columns';
import { StatementFilters } from '../components/statement-filters';
import { searchForTab } from '../statement-filter';
import { isStatementTab, STATEMENT_TABS, type StatementTab } from '../tabs';

const BASE = '/transaction-statement';

/** spec/1 Transaction statement: an unknown or missing tab redirects to all. */
export function Page() {
  const { tab } = useParams();
  if (!isStatementTab(tab)) return <Navigate to={`${BASE}/all`} replace />;
  return <StatementScreen tab={tab} />;
}

/** spec/1 Transaction statement: tabs, search, filters, the 90 px table with the row's settlement actions. */
function StatementScreen({ tab }: { tab: StatementTab }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const list = useListState();
  const query = useStatementList(list, tab);
  const [isFilterOpen, setFilterOpen] = useState(false);
  const [open, setOpen] = useState<OpenAction | null>(null);
  const columns = useStatementColumns((row) => (
    <RowActionsMenu row={row} onAction={(action) => setOpen({ action, row })} />
  ));
  // The state filter exists only on the all tab, so only there does it count.
  const shownFilter = tab === 'all' ? list.filter : { ...list.filter, type: '' };

  return (
    <>
      <PageHeader
        crumbs={[{ label: t('nav.home'), to: '/positions' }, { label: t('statement.title') }]}
        title={t('statement.title')}
      />
      <Tabs
        value={tab}
        onChange={(next) => next && navigate({ pathname: `${BASE}/${next}`, search: searchForTab(params).toString() })}
        mb="md"
      >
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          {STATEMENT_TABS.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`statement.tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <ListToolbar
        list={list}
        searchPlaceholder={t('statement.searchPlaceholder')}
        onRefresh={() => void query.refetch()}
        isFetching={query.isFetching}
        fetchedAt={query.dataUpdatedAt}
      >
        <FilterToggle
          isOpen={isFilterOpen}
          onToggle={() => setFilterOpen((value) => !value)}
          activeCount={countActiveFilters(shownFilter, {})}
        />
      </ListToolbar>
      <StatementFilters tab={tab} isOpen={isFilterOpen} value={list.filter} onApply={list.setFilter} />
      <DataTable
        columns={columns}
        rows={query.data?.list}
        filtered={query.data?.filtered ?? 0}
        isFilteredCapped={query.data?.filteredCapped}
        rowKey={(row) => row.id}
        list={list}
        isLoading={query.isFetching}
        isError={query.isError}
        rowHeight={90}
        minWidth={2100}
      />
      <ActionModal open={open} onClose={() => setOpen(null)} onOpen={setOpen} />
    </>
  );
}
