import type { ToAssignFilterOptionsResponse } from '@grain/shared';
import { Select, SimpleGrid, Switch } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { flagOf, textOf } from '../../../components/list/filter-values';
import type { FilterValues } from '../../../components/list/list-state';
import { OptionsFilter } from './filter-fields';

interface PrimaryFiltersProps {
  value: FilterValues;
  options: ToAssignFilterOptionsResponse | undefined;
  /** Applies at once: each of these is one choice, not typing. */
  onChange: (change: FilterValues) => void;
}

/** The always visible filter row of the allocations page: raw material, supplier, recipient, "to deliver". */
export function ToAssignPrimaryFilters({ value, options, onChange }: PrimaryFiltersProps) {
  const { t } = useTranslation();
  const field = { draft: value, setDraft: onChange };
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm" mb="md" verticalSpacing="xs">
      <Select
        label={t('allocations.rawMaterial')}
        placeholder={t('allocations.anyRawMaterial')}
        data={(options?.rawMaterials ?? []).map((option) => ({ value: String(option.value), label: option.label }))}
        value={textOf(value.rawMaterialId) || null}
        onChange={(rawMaterialId) => onChange({ rawMaterialId: rawMaterialId ?? '' })}
        clearable
      />
      <OptionsFilter
        label={t('allocations.suppliers')}
        name="purchaseSupplierId"
        options={options?.suppliers ?? []}
        {...field}
      />
      <OptionsFilter
        label={t('allocations.recipients')}
        name="salesRecipientId"
        options={options?.recipients ?? []}
        {...field}
      />
      <Switch
        label={t('allocations.hasToDeliver')}
        checked={flagOf(value.hasToDeliver) === true}
        onChange={(event) => onChange({ hasToDeliver: event.currentTarget.checked ? 'true' : '' })}
        style={{ alignSelf: 'end' }}
        mb={8}
      />
    </SimpleGrid>
  );
}
