import '../i18n';
import { TRANSPORT_STATUSES, TRANSPORT_TABS, type TransportStatus, type TransportTab } from '@grain/shared';
import { Box, Tabs } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { useIsCardView } from '../../../components/list/data-table';
import { FilterToggle, normalizeFilter } from '../../../components/list/filter-panel';
import { ListToolbar } from '../../../components/list/list-toolbar';
import { StatusChips } from '../../../components/list/status-chips';
import { PhoneCollapse } from '../../../components/list/totals-bar';
import { useListState } from '../../../components/list/use-list-state';
import { PageHeader } from '../../../components/page-header';
import { transportKeys, useTransportList } from '../api';
import { FilterChips } from '../components/filter-chips';
import { OpenedTransport } from '../components/opened-transport';
import { ToDecideToggle } from '../components/to-decide-toggle';
import { TransportDataTable } from '../components/transport-data-table';
import { TransportFilters } from '../components/transport-filters';
import { activeChips, type TransportFilterKey, toTransportFilter, withoutChip } from '../transport-filter';

const BASE = '/logistics';

const isTab = (value: string | undefined): value is TransportTab =>
  (TRANSPORT_TABS as readonly string[]).includes(value ?? '');

/** spec/1 section 2: an unknown or missing tab redirects to all. */
export function Page() {
  const { tab } = useParams();
  if (!isTab(tab)) return <Navigate to={`${BASE}/all`} replace />;
  return <LogisticsScreen tab={tab} />;
}

/** Phone: the status filter (spec/1 Logistics, all tab only) stays in view, not behind the filter button. */
function PhoneStatusFilter({ value, onChange }: { value: unknown; onChange: (next: string[]) => void }) {
  const { t } = useTranslation();
  return (
    <Box mb="sm" data-testid="phone-status-filter">
      <StatusChips
        statuses={TRANSPORT_STATUSES}
        value={(Array.isArray(value) ? value : []) as TransportStatus[]}
        onChange={onChange}
        labelOf={(status) => t(`status.transport.${status}`)}
      />
    </Box>
  );
}

/** spec/1 Logistics: tabs, search, refresh, the filter panel sent at once, the transports table. */
function LogisticsScreen({ tab }: { tab: TransportTab }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const list = useListState({}, 'logistics');
  const query = useTransportList(list, (filter) => toTransportFilter(filter, tab));
  const client = useQueryClient();
  const [isFilterOpen, setFilterOpen] = useState(false);
  const isCardView = useIsCardView();
  // Debounced text filters commit later: they must merge into the filter as it is then, not as it was.
  const latestFilter = useRef(list.filter);
  latestFilter.current = list.filter;

  const changeFilter = (key: TransportFilterKey, value: string | string[]) =>
    list.setFilter(normalizeFilter({ ...latestFilter.current, [key]: value }));

  const openTab = (next: string | null) => {
    if (!next) return;
    const search = new URLSearchParams(params);
    search.set('offset', '0');
    navigate({ pathname: `${BASE}/${next}`, search: search.toString() });
  };

  return (
    <>
      <PageHeader
        crumbs={[{ label: t('nav.home'), to: '/positions' }, { label: t('transports.title') }]}
        title={t('transports.title')}
      />
      <Tabs value={tab} onChange={openTab} mb="md">
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          {TRANSPORT_TABS.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`transports.tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <ListToolbar
        list={list}
        listKey="logistics"
        searchPlaceholder={t('transports.searchPlaceholder')}
        onRefresh={() => {
          void query.refetch();
          void client.invalidateQueries({ queryKey: transportKeys.filterOptions() });
        }}
        isFetching={query.isFetching}
        fetchedAt={query.dataUpdatedAt}
      >
        <ToDecideToggle
          count={(query.data as { toDecideCount?: number } | undefined)?.toDecideCount}
          isActive={list.filter.isToDecide === 'true'}
          onToggle={(isActive) => changeFilter('isToDecide', isActive ? 'true' : '')}
        />
        <FilterToggle
          isOpen={isFilterOpen}
          onToggle={() => setFilterOpen((value) => !value)}
          activeCount={activeChips(list.filter, tab).length}
        />
      </ListToolbar>
      <TransportFilters isOpen={isFilterOpen} tab={tab} value={list.filter} onChange={changeFilter} />
      <PhoneCollapse isOpen={isFilterOpen}>
        <FilterChips
          tab={tab}
          value={list.filter}
          onRemove={(chip) => list.setFilter(withoutChip(list.filter, chip))}
          onClearAll={() => list.setFilter({})}
        />
      </PhoneCollapse>
      {isCardView && tab === 'all' && (
        <PhoneStatusFilter value={list.filter.status} onChange={(next) => changeFilter('status', next)} />
      )}
      <TransportDataTable list={list} query={query} />
      <OpenedTransport />
    </>
  );
}
