import { TRANSPORT_STATUSES, type TransportTab } from '@grain/shared';
import { Collapse, MultiSelect, Paper, SimpleGrid, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../components/form/date-input';
import { YesNoSelect } from '../../../components/form/yes-no-select';
import { listOf, textOf } from '../../../components/list/filter-values';
import type { FilterValues } from '../../../components/list/list-state';
import { OPTION_SELECTS, reversedRanges, type TransportFilterKey } from '../transport-filter';
import { DebouncedTextFilter } from './debounced-text-filter';
import { TransportOptionSelect } from './transport-option-select';

interface TransportFiltersProps {
  isOpen: boolean;
  tab: TransportTab;
  value: FilterValues;
  /** Sent at once (spec/1 Logistics); typed text after the 600 ms debounce. */
  onChange: (key: TransportFilterKey, value: string | string[]) => void;
}

const TEXTS: TransportFilterKey[] = ['transportId', 'registrationNumber', 'trailerNumber', 'driverName', 'phoneNumber'];
const DATES: TransportFilterKey[] = ['dateLoadingFrom', 'dateLoadingTo', 'dateUnloadingFrom', 'dateUnloadingTo'];
const QUANTITIES: TransportFilterKey[] = ['realCargoQuantityFrom', 'realCargoQuantityTo'];

/** Every filter of spec/1 Logistics; the status filter only on the all tab. */
export function TransportFilters({ isOpen, tab, value, onChange }: TransportFiltersProps) {
  // Some twenty inputs, none seen before the panel first opens; once open they stay (typed text kept).
  const [wasOpened, setWasOpened] = useState(isOpen);
  if (isOpen && !wasOpened) setWasOpened(true);
  return (
    <Collapse expanded={isOpen} w="100%">
      {wasOpened && <FilterFields tab={tab} value={value} onChange={onChange} />}
    </Collapse>
  );
}

function FilterFields({ tab, value, onChange }: Omit<TransportFiltersProps, 'isOpen'>) {
  const { t } = useTranslation();
  const label = (key: TransportFilterKey) => t(`transports.filters.${key}`);
  const reversed = reversedRanges(value);

  return (
    <Paper withBorder p="md" mb="md" data-testid="transport-filters">
      <SimpleGrid cols={{ base: 2, md: 3, lg: 4 }} spacing="sm">
        {OPTION_SELECTS.map(({ key, field }) => (
          <TransportOptionSelect
            key={key}
            field={field}
            label={label(key)}
            value={listOf(value[key])}
            onChange={(next) => onChange(key, next)}
          />
        ))}
        {tab === 'all' && (
          <MultiSelect
            label={label('status')}
            data={TRANSPORT_STATUSES.map((status) => ({ value: status, label: t(`status.transport.${status}`) }))}
            value={listOf(value.status)}
            onChange={(next) => onChange('status', next)}
            clearable
          />
        )}
        {TEXTS.map((key) => (
          <DebouncedTextFilter
            key={key}
            label={label(key)}
            value={textOf(value[key])}
            inputMode={key === 'transportId' ? 'numeric' : undefined}
            onCommit={(next) => onChange(key, next)}
          />
        ))}
        {QUANTITIES.map((key) => (
          <DebouncedTextFilter
            key={key}
            label={label(key)}
            value={textOf(value[key])}
            inputMode="decimal"
            onCommit={(next) => onChange(key, next)}
          />
        ))}
        {DATES.map((key) => (
          <DateInput
            key={key}
            label={label(key)}
            value={textOf(value[key]) || null}
            onChange={(next) => onChange(key, next ?? '')}
          />
        ))}
        <YesNoSelect
          label={label('purchaseIsGmp')}
          value={value.purchaseIsGmp}
          onChange={(next) => onChange('purchaseIsGmp', next)}
        />
        <YesNoSelect
          label={label('salesIsGmp')}
          value={value.salesIsGmp}
          onChange={(next) => onChange('salesIsGmp', next)}
        />
      </SimpleGrid>
      {reversed.length > 0 && (
        <Text size="sm" c="red" mt="sm">
          {t('transports.filters.reversed', {
            fields: reversed.map((name) => t(`transports.filters.ranges.${name}`)).join(', '),
          })}
        </Text>
      )}
    </Paper>
  );
}
