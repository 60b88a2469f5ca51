import type { Option } from '@grain/shared';
import { Loader, Select, type SelectProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SEARCH_DEBOUNCE_MS } from '../../../components/list/list-state';
import { useContractorOptions, useSelectedContractorOptions } from '../api';

type ContractorSelectProps = Omit<
  SelectProps<number>,
  'data' | 'value' | 'onChange' | 'searchable' | 'searchValue' | 'onSearchChange' | 'filter'
> & {
  /** Optional so that `{...form.getInputProps('supplierId')}` can be spread in. */
  value?: number | null;
  onChange: (value: number | null) => void;
};

/** Options of the current search with the chosen one kept, so the input can always show its label. */
export function mergeOptions(found: Option[] | undefined, selected: Option[] | undefined): Option[] {
  const merged = [...(found ?? [])];
  for (const option of selected ?? []) {
    if (!merged.some((item) => item.value === option.value)) merged.push(option);
  }
  return merged;
}

/**
 * Contractor picker for the contract and transport forms: searches option-list as the user types (debounced
 * 600 ms, server-side), and shows the chosen contractor's label through selected-option-list.
 */
export function ContractorSelect({ value, onChange, ...rest }: ContractorSelectProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [isOpen, setOpen] = useState(false);
  const selected = useSelectedContractorOptions(value ? [value] : []);
  const selectedLabel = selected.data?.find((option) => option.value === value)?.label ?? '';
  // Typing searches; the input showing the chosen label is not a search.
  const query = search === selectedLabel ? '' : search.trim();
  const [debounced] = useDebouncedValue(query, SEARCH_DEBOUNCE_MS);
  const options = useContractorOptions(debounced, isOpen);
  const data = useMemo(() => mergeOptions(options.data, selected.data), [options.data, selected.data]);

  return (
    <Select<number>
      placeholder={t('contractors.selectPlaceholder')}
      nothingFoundMessage={options.isFetching ? t('common.loading') : t('common.noOptions')}
      rightSection={options.isFetching && isOpen ? <Loader size={14} /> : undefined}
      clearable
      {...rest}
      searchable
      data={data.map((option) => ({ value: option.value, label: option.label }))}
      value={value ?? null}
      onChange={(next) => onChange(next ?? null)}
      searchValue={search}
      onSearchChange={setSearch}
      // The server already filtered by the search text.
      filter={({ options: all }) => all}
      onDropdownOpen={() => {
        setOpen(true);
        rest.onDropdownOpen?.();
      }}
      onDropdownClose={() => {
        setOpen(false);
        rest.onDropdownClose?.();
      }}
    />
  );
}
