import type { ToAssignFilterOptionsResponse } from '@grain/shared';
import { Button, Group, Pill, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FilterValues } from '../../../components/list/list-state';
import { formatDate } from '../../../lib/format';
import { type ActiveFilter, activeFilters, withoutFilter } from '../to-assign-filter';

interface ChipsProps {
  value: FilterValues;
  options: ToAssignFilterOptionsResponse | undefined;
  onChange: (filter: FilterValues) => void;
}

const CHIP_LABELS: Record<ActiveFilter['key'], string> = {
  rawMaterialId: 'allocations.rawMaterial',
  purchaseSupplierId: 'allocations.supplier',
  salesRecipientId: 'allocations.recipient',
  hasToDeliver: 'allocations.hasToDeliver',
  rawMaterialQualityId: 'allocations.quality',
  purchaseIsGmp: 'allocations.purchaseGmp',
  salesIsGmp: 'allocations.salesGmp',
  purchaseIsCert: 'allocations.purchaseCert',
  salesIsCert: 'allocations.salesCert',
  purchaseFreight: 'allocations.purchaseFreight',
  salesFreight: 'allocations.salesFreight',
  dateOfLoadingFrom: 'allocations.loadingFrom',
  dateOfLoadingTo: 'allocations.loadingTo',
  dateOfUnloadingFrom: 'allocations.unloadingFrom',
  dateOfUnloadingTo: 'allocations.unloadingTo',
  purchaseContractStatus: 'allocations.purchaseStatus',
  salesContractStatus: 'allocations.salesStatus',
};

/** spec/1 Allocations page: the applied filters as chips, each removable, and "clear all". */
export function ActiveFilterChips({ value, options, onChange }: ChipsProps) {
  const { t } = useTranslation();
  const chips = activeFilters(value);
  if (chips.length === 0) return null;

  const optionLabel = (list: { value: number; label: string }[] | undefined, id: string) =>
    list?.find((option) => String(option.value) === id)?.label ?? id;
  const valueText = ({ key, value: chipValue }: ActiveFilter): string | null => {
    switch (key) {
      case 'hasToDeliver':
        return null;
      case 'rawMaterialId':
        return optionLabel(options?.rawMaterials, chipValue);
      case 'purchaseSupplierId':
        return optionLabel(options?.suppliers, chipValue);
      case 'salesRecipientId':
        return optionLabel(options?.recipients, chipValue);
      case 'rawMaterialQualityId':
        return optionLabel(options?.qualities, chipValue);
      case 'purchaseFreight':
      case 'salesFreight':
        return t(`allocations.freights.${chipValue}`);
      case 'purchaseContractStatus':
      case 'salesContractStatus':
        return t(`status.contract.${chipValue}`);
      case 'dateOfLoadingFrom':
      case 'dateOfLoadingTo':
      case 'dateOfUnloadingFrom':
      case 'dateOfUnloadingTo':
        return formatDate(chipValue);
      default:
        return chipValue === 'true' ? t('filters.yes') : t('filters.no');
    }
  };

  return (
    <Group gap="xs" mb="md" wrap="wrap" aria-label={t('allocations.activeFilters')} role="group">
      <Text size="sm" c="dimmed">
        {t('allocations.activeFilters')}:
      </Text>
      <Pill.Group>
        {chips.map((chip) => {
          const label = t(CHIP_LABELS[chip.key]);
          const shown = valueText(chip);
          const text = shown === null ? label : t('allocations.chip', { label, value: shown });
          return (
            <Pill
              key={`${chip.key}:${chip.value}`}
              withRemoveButton
              onRemove={() => onChange(withoutFilter(value, chip))}
              // Mantine hides the remove button from keyboards (made for PillsInput); here it is the only way to remove.
              removeButtonProps={{
                'aria-label': t('allocations.removeChip', { label, value: shown ?? '' }),
                'aria-hidden': false,
                tabIndex: 0,
              }}
              data-testid="filter-chip"
            >
              {text}
            </Pill>
          );
        })}
      </Pill.Group>
      <Button variant="subtle" size="compact-sm" onClick={() => onChange({})}>
        {t('filters.clearAll')}
      </Button>
    </Group>
  );
}
