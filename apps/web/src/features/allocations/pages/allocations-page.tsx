import { isAwaitingRows } from '../../../components/list/use-list-query';
import '../i18n';
import { DEFAULT_PAGE_SIZE, TO_ASSIGN_DEFAULT_SORT } from '@grain/shared';
import { useDisclosure } from '@mantine/hooks';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { countActiveFilters, FilterPanel, FilterToggle } from '../../../components/list/filter-panel';
import { pickFilter } from '../../../components/list/filter-values';
import type { FilterValues } from '../../../components/list/list-state';
import { ListToolbar } from '../../../components/list/list-toolbar';
import { PhoneCollapse } from '../../../components/list/totals-bar';
import { useListState } from '../../../components/list/use-list-state';
import { PageHeader } from '../../../components/page-header';
import { validationText } from '../../../i18n';
import { totalsOf, useToAssignFilterOptions, useToAssignList } from '../api';
import { ActiveFilterChips } from '../components/active-filter-chips';
import { AddTransportButton } from '../components/add-transport-button';
import { ToAssignPrimaryFilters } from '../components/to-assign-primary-filters';
import { ToAssignSecondaryFilters } from '../components/to-assign-secondary-filters';
import { ToAssignTable } from '../components/to-assign-table';
import { TotalsBar } from '../components/totals-bar';
import { PRIMARY_FILTER_KEYS, SECONDARY_FILTER_KEYS, toAssignFilterError } from '../to-assign-filter';

const NO_FILTER: FilterValues = {};

/** spec/1 Allocations page /allocations: every allocation pair with what is left to pick up. */
export function Page() {
  const { t } = useTranslation();
  const list = useListState({ limit: DEFAULT_PAGE_SIZE, orderBy: TO_ASSIGN_DEFAULT_SORT }, 'allocations');
  const query = useToAssignList(list);
  const options = useToAssignFilterOptions();
  const [isFilterOpen, filterPanel] = useDisclosure(false);
  // The panel edits only its own keys; a stable object so its draft is not reset on every render.
  const secondary = useMemo(() => pickFilter(list.filter, SECONDARY_FILTER_KEYS), [list.filter]);
  const primary = useMemo(() => pickFilter(list.filter, PRIMARY_FILTER_KEYS), [list.filter]);

  return (
    <>
      <PageHeader
        crumbs={[{ label: t('nav.home'), to: '/positions' }, { label: t('allocations.title') }]}
        title={t('allocations.title')}
      />
      <ListToolbar
        list={list}
        listKey="allocations"
        searchPlaceholder={t('allocations.searchPlaceholder')}
        onRefresh={() => void query.refetch()}
        isFetching={query.isFetching}
        fetchedAt={query.dataUpdatedAt}
      >
        <FilterToggle
          isOpen={isFilterOpen}
          onToggle={filterPanel.toggle}
          activeCount={countActiveFilters(secondary, NO_FILTER)}
        />
      </ListToolbar>
      <PhoneCollapse isOpen={isFilterOpen}>
        <ToAssignPrimaryFilters
          value={primary}
          options={options.data}
          onChange={(change) => list.setFilter({ ...list.filter, ...change })}
        />
      </PhoneCollapse>
      <FilterPanel
        isOpen={isFilterOpen}
        value={secondary}
        defaults={NO_FILTER}
        onApply={(applied) => list.setFilter({ ...primary, ...applied })}
        validate={(draft) => {
          const error = toAssignFilterError(draft);
          return error ? validationText(error) : null;
        }}
      >
        {(draft, setDraft) => (
          <ToAssignSecondaryFilters draft={draft} setDraft={setDraft} qualities={options.data?.qualities ?? []} />
        )}
      </FilterPanel>
      <PhoneCollapse isOpen={isFilterOpen}>
        <ActiveFilterChips value={list.filter} options={options.data} onChange={list.setFilter} />
        <TotalsBar totals={totalsOf(query.data)} />
      </PhoneCollapse>
      <ToAssignTable
        rows={query.data?.list}
        filtered={query.data?.filtered ?? 0}
        isFilteredCapped={query.data?.filteredCapped}
        list={list}
        isLoading={isAwaitingRows(query)}
        isError={query.isError}
        renderAction={(row) => <AddTransportButton row={row} isIconOnly />}
        renderCardAction={(row) => <AddTransportButton row={row} />}
      />
    </>
  );
}
