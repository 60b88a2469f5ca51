import type { TransportFilterOption, TransportFilterOptionField } from '@grain/shared';
import { Loader, MultiSelect } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '../../../components/list/list-state';
import { useTransportFilterOptionLabels, useTransportFilterOptionPages } from '../api';

interface TransportOptionSelectProps {
  field: TransportFilterOptionField;
  label: string;
  value: string[];
  onChange: (value: string[]) => void;
}

/** The found options with the chosen ones kept, so every chosen value shows its label. */
export function mergeFilterOptions(
  found: TransportFilterOption[],
  chosen: TransportFilterOption[] | undefined,
): TransportFilterOption[] {
  const merged = [...found];
  for (const option of chosen ?? []) {
    if (!merged.some((item) => item.value === option.value)) merged.push(option);
  }
  return merged;
}

/**
 * A logistics select whose options the server searches as the user types (debounced) and pages as the list
 * scrolls: nothing is read until the dropdown opens.
 */
export function TransportOptionSelect({ field, label, value, onChange }: TransportOptionSelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [isOpen, setOpen] = useState(false);
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  const pages = useTransportFilterOptionPages(field, debounced, isOpen);
  const chosen = useTransportFilterOptionLabels(field, value);
  const data = useMemo(
    () => mergeFilterOptions(pages.data?.pages.flatMap((page) => page.list) ?? [], chosen.data),
    [pages.data, chosen.data],
  );

  return (
    <MultiSelect
      label={label}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      clearable
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered by the search text.
      filter={({ options }) => options}
      nothingFoundMessage={pages.isFetching ? t('common.loading') : t('common.noOptions')}
      rightSection={pages.isFetching && isOpen ? <Loader size={14} /> : undefined}
      onDropdownOpen={() => setOpen(true)}
      onDropdownClose={() => setOpen(false)}
      scrollAreaProps={{
        onBottomReached: () => {
          if (pages.hasNextPage && !pages.isFetchingNextPage) void pages.fetchNextPage();
        },
      }}
    />
  );
}
