import type { TransportFilterOptionsResponse, TransportTab } from '@grain/shared';
import { Button, Group, Pill, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FilterValues } from '../../../components/list/list-state';
import { formatDate } from '../../../lib/format';
import { activeChips, type FilterChip } from '../transport-filter';

interface FilterChipsProps {
  tab: TransportTab;
  value: FilterValues;
  options: TransportFilterOptionsResponse | undefined;
  onRemove: (chip: FilterChip) => void;
  onClearAll: () => void;
}

const OPTION_LISTS: Partial<Record<FilterChip['key'], keyof TransportFilterOptionsResponse>> = {
  purchaseSupplierCode: 'suppliers',
  salesRecipientCode: 'recipients',
  carrierCode: 'carriers',
  rawMaterialQualityId: 'qualities',
  purchaseAgreementDocumentNumberId: 'purchaseDocumentNumbers',
  salesAgreementDocumentNumberId: 'salesDocumentNumbers',
};

/** The active filters as chips with × (clear one) and "clear all" (spec/1 Logistics). */
export function FilterChips({ tab, value, options, onRemove, onClearAll }: FilterChipsProps) {
  const { t } = useTranslation();
  const chips = activeChips(value, tab);
  if (chips.length === 0) return null;

  const valueLabel = (chip: FilterChip): string => {
    const list = OPTION_LISTS[chip.key];
    if (list) {
      const option = options?.[list].find((item) => String(item.value) === chip.value);
      return option ? (list === 'qualities' || list.endsWith('Numbers') ? option.label : chip.value) : chip.value;
    }
    if (chip.key === 'status') return t(`status.transport.${chip.value}`);
    if (chip.key === 'purchaseIsGmp' || chip.key === 'salesIsGmp') {
      return t(chip.value === 'true' ? 'filters.yes' : 'filters.no');
    }
    if (chip.key.startsWith('date')) return formatDate(chip.value);
    if (chip.key.startsWith('realCargoQuantity')) return `${chip.value.replace('.', ',')} t`;
    return chip.value;
  };

  return (
    <Group gap={6} mb="md" wrap="wrap" data-testid="filter-chips">
      <Text size="sm" c="dimmed">
        {t('transports.filters.active', { count: chips.length })}
      </Text>
      {chips.map((chip) => {
        const text = t('transports.filters.chip', {
          label: t(`transports.filters.${chip.key}`),
          value: valueLabel(chip),
        });
        return (
          <Pill
            key={`${chip.key}-${chip.value}`}
            size="md"
            withRemoveButton
            onRemove={() => onRemove(chip)}
            // Pill hides its × from assistive technology and the keyboard by default: here it is the only way to clear one.
            removeButtonProps={{
              'aria-label': t('transports.filters.removeChip', { chip: text }),
              'aria-hidden': false,
              tabIndex: 0,
            }}
          >
            {text}
          </Pill>
        );
      })}
      <Button size="compact-sm" variant="subtle" onClick={onClearAll}>
        {t('filters.clearAll')}
      </Button>
    </Group>
  );
}
