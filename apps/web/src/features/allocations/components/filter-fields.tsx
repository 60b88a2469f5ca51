import { FREIGHTS, type Option } from '@grain/shared';
import { MultiSelect } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { DateInput } from '../../../components/form/date-input';
import { NumberField } from '../../../components/form/number-input';
import { listOf, textOf } from '../../../components/list/filter-values';
import type { FilterValues } from '../../../components/list/list-state';

/** Small adapters between filter inputs and the text values a filter keeps (filter-values.ts reads them back). */

type Draft = FilterValues;
type SetDraft = (change: FilterValues) => void;

export function OptionsFilter({
  label,
  name,
  options,
  draft,
  setDraft,
}: {
  label: string;
  name: string;
  options: Option[] | { value: string; label: string }[];
  draft: Draft;
  setDraft: SetDraft;
}) {
  const { t } = useTranslation();
  return (
    <MultiSelect
      label={label}
      data={options.map((option) => ({ value: String(option.value), label: option.label }))}
      value={listOf(draft[name])}
      onChange={(value) => setDraft({ [name]: value })}
      searchable
      clearable
      nothingFoundMessage={t('common.noOptions')}
    />
  );
}

export function FreightFilter({
  label,
  name,
  draft,
  setDraft,
}: {
  label: string;
  name: string;
  draft: Draft;
  setDraft: SetDraft;
}) {
  const { t } = useTranslation();
  const options = FREIGHTS.map((freight) => ({ value: freight, label: t(`allocations.freights.${freight}`) }));
  return <OptionsFilter label={label} name={name} options={options} draft={draft} setDraft={setDraft} />;
}

export function NumberFilter({
  label,
  name,
  decimals,
  draft,
  setDraft,
}: {
  label: string;
  name: string;
  decimals: number;
  draft: Draft;
  setDraft: SetDraft;
}) {
  const text = textOf(draft[name]);
  return (
    <NumberField
      label={label}
      decimals={decimals}
      min={0}
      value={text === '' ? null : Number(text)}
      onChange={(value) => setDraft({ [name]: value === null ? '' : String(value) })}
    />
  );
}

export function DateFilter({
  label,
  name,
  draft,
  setDraft,
}: {
  label: string;
  name: string;
  draft: Draft;
  setDraft: SetDraft;
}) {
  return (
    <DateInput
      label={label}
      value={textOf(draft[name]) || null}
      onChange={(value) => setDraft({ [name]: value ?? '' })}
    />
  );
}
