import { Group, Select } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../components/form/date-input';
import { NumberField } from '../../../components/form/number-input';
import { FilterPanel } from '../../../components/list/filter-panel';
import type { FilterValues } from '../../../components/list/list-state';
import { ContractorSelect } from '../../contractors';
import { DATE_FILTERS, type DateFilter, reversedDateRanges, SETTLEMENT_STATES, stateOf } from '../statement-filter';
import type { StatementTab } from '../tabs';

interface StatementFiltersProps {
  tab: StatementTab;
  isOpen: boolean;
  value: FilterValues;
  onApply: (filter: FilterValues) => void;
}

const text = (value: string | string[] | undefined) => (typeof value === 'string' ? value : '');

function DateRangeField({
  name,
  draft,
  setDraft,
}: {
  name: DateFilter;
  draft: FilterValues;
  setDraft: (change: FilterValues) => void;
}) {
  const { t } = useTranslation();
  const label = t(`statement.filters.${name}`);
  const from = text(draft[`${name}From`]) || null;
  const to = text(draft[`${name}To`]) || null;
  return (
    <Group gap="xs" grow wrap="nowrap" align="flex-start">
      <DateInput
        label={t('statement.filters.from', { label })}
        value={from}
        max={to ?? undefined}
        onChange={(next) => setDraft({ [`${name}From`]: next ?? '' })}
      />
      <DateInput
        label={t('statement.filters.to', { label })}
        value={to}
        min={from ?? undefined}
        onChange={(next) => setDraft({ [`${name}To`]: next ?? '' })}
      />
    </Group>
  );
}

/**
 * The statement's filter panel: the settlement state (all tab only, it rides on `type`), contractor, transport id
 * and the loading, unloading and payment date ranges ("from" not after "to").
 */
export function StatementFilters({ tab, isOpen, value, onApply }: StatementFiltersProps) {
  const { t } = useTranslation();
  const validate = (draft: FilterValues) => {
    const reversed = reversedDateRanges(draft);
    if (reversed.length === 0) return null;
    return t('statement.filters.reversed', {
      fields: reversed.map((key) => t(`statement.filters.${key}`)).join(', '),
    });
  };

  return (
    <FilterPanel
      isOpen={isOpen}
      value={value}
      defaults={{}}
      onApply={onApply}
      validate={validate}
      cols={{ base: 1, sm: 2, lg: 3 }}
    >
      {(draft, setDraft) => (
        <>
          {tab === 'all' && (
            <Select
              label={t('statement.filters.state')}
              value={stateOf(draft) ?? 'all'}
              onChange={(next) => setDraft({ type: next && next !== 'all' ? next : '' })}
              allowDeselect={false}
              data={['all', ...SETTLEMENT_STATES].map((state) => ({
                value: state,
                label: t(`statement.filters.states.${state}`),
              }))}
            />
          )}
          <ContractorSelect
            label={t('statement.filters.contractor')}
            value={Number(text(draft.contractorId)) || null}
            onChange={(next) => setDraft({ contractorId: next ? String(next) : '' })}
          />
          <NumberField
            label={t('statement.filters.transportId')}
            value={Number(text(draft.transportId)) || null}
            min={1}
            onChange={(next) => setDraft({ transportId: next ? String(next) : '' })}
          />
          {DATE_FILTERS.map((name) => (
            <DateRangeField key={name} name={name} draft={draft} setDraft={setDraft} />
          ))}
        </>
      )}
    </FilterPanel>
  );
}
