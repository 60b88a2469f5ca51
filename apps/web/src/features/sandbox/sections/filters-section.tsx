import { TRANSPORT_STATUSES, type TransportStatus } from '@grain/shared';
import { MultiSelect, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberField } from '../../../components/form/number-input';
import { countActiveFilters, FilterPanel, FilterToggle } from '../../../components/list/filter-panel';
import { listOf, textOf } from '../../../components/list/filter-values';
import type { FilterValues } from '../../../components/list/list-state';
import { StatusChips } from '../../../components/list/status-chips';
import { Section } from './section';

const DEFAULTS: FilterValues = { status: ['NEW', 'ON_THE_WAY'] };

const numberOf = (text: string) => (text === '' ? null : Number(text));

/** The collapsible filter panel with its toggle and count, range check, apply lock and reset; the status chips. */
export function FiltersSection() {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(true);
  const [applied, setApplied] = useState<FilterValues>(DEFAULTS);
  const [chips, setChips] = useState<TransportStatus[]>([]);
  const statusData = TRANSPORT_STATUSES.map((status) => ({ value: status, label: t(`status.transport.${status}`) }));
  return (
    <Section id="filters" title={t('sandbox.sections.filters')}>
      <Stack gap="sm">
        <div>
          <FilterToggle
            isOpen={isOpen}
            onToggle={() => setOpen((open) => !open)}
            activeCount={countActiveFilters(applied, DEFAULTS)}
          />
        </div>
        <FilterPanel
          isOpen={isOpen}
          value={applied}
          defaults={DEFAULTS}
          onApply={setApplied}
          validate={(draft) => {
            const from = numberOf(textOf(draft.quantityFrom));
            const to = numberOf(textOf(draft.quantityTo));
            return from !== null && to !== null && from > to ? t('sandbox.filters.rangeError') : null;
          }}
        >
          {(draft, setDraft) => (
            <>
              <TextInput
                label={t('sandbox.filters.code')}
                value={textOf(draft.code)}
                onChange={(event) => setDraft({ code: event.currentTarget.value })}
              />
              <MultiSelect
                label={t('sandbox.filters.status')}
                data={statusData}
                value={listOf(draft.status)}
                onChange={(status) => setDraft({ status })}
                clearable
              />
              <NumberField
                label={t('sandbox.filters.quantityFrom')}
                value={numberOf(textOf(draft.quantityFrom))}
                onChange={(value) => setDraft({ quantityFrom: value === null ? '' : String(value) })}
                decimals={3}
              />
              <NumberField
                label={t('sandbox.filters.quantityTo')}
                value={numberOf(textOf(draft.quantityTo))}
                onChange={(value) => setDraft({ quantityTo: value === null ? '' : String(value) })}
                decimals={3}
              />
            </>
          )}
        </FilterPanel>
        <Text size="sm" c="dimmed" data-testid="sandbox-applied-filter">
          {t('sandbox.filters.applied', {
            filter: Object.keys(applied).length ? JSON.stringify(applied) : t('sandbox.filters.none'),
          })}
        </Text>
        <Text size="sm" fw={600}>
          {t('sandbox.other.chips')}
        </Text>
        <StatusChips
          statuses={TRANSPORT_STATUSES}
          value={chips}
          onChange={setChips}
          labelOf={(status) => t(`status.transport.${status}`)}
        />
      </Stack>
    </Section>
  );
}
