import type { TransportTab } from '@grain/shared';
import { Button, Group, Pill, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { kgOf, listOf } from '../../../components/list/filter-values';
import type { FilterValues } from '../../../components/list/list-state';
import { formatDate, formatTonnes } from '../../../lib/format';
import { useTransportFilterOptionLabels } from '../api';
import { activeChips, type FilterChip } from '../transport-filter';

interface FilterChipsProps {
  tab: TransportTab;
  value: FilterValues;
  onRemove: (chip: FilterChip) => void;
  onClearAll: () => void;
}

/** The chosen ids whose chips show a label (a quality's title, a contract's number); codes show as they are. */
function useIdLabels(value: FilterValues): Map<string, string> {
  const qualities = useTransportFilterOptionLabels('qualities', listOf(value.rawMaterialQualityId));
  const purchases = useTransportFilterOptionLabels(
    'purchase_document_numbers',
    listOf(value.purchaseAgreementDocumentNumberId),
  );
  const sales = useTransportFilterOptionLabels('sales_document_numbers', listOf(value.salesAgreementDocumentNumberId));
  const labels = new Map<string, string>();
  const add = (prefix: string, options: { value: string; label: string }[] | undefined) => {
    for (const option of options ?? []) labels.set(`${prefix}:${option.value}`, option.label);
  };
  add('rawMaterialQualityId', qualities.data);
  add('purchaseAgreementDocumentNumberId', purchases.data);
  add('salesAgreementDocumentNumberId', sales.data);
  return labels;
}

/** The active filters as chips with × (clear one) and "clear all" (spec/1 Logistics). */
export function FilterChips({ tab, value, onRemove, onClearAll }: FilterChipsProps) {
  const { t } = useTranslation();
  const idLabels = useIdLabels(value);
  const chips = activeChips(value, tab);
  if (chips.length === 0) return null;

  const valueLabel = (chip: FilterChip): string => {
    const label = idLabels.get(`${chip.key}:${chip.value}`);
    if (label) return label;
    if (chip.key === 'status') return t(`status.transport.${chip.value}`);
    if (chip.key === 'purchaseIsGmp' || chip.key === 'salesIsGmp' || chip.key === 'isToDecide') {
      return t(chip.value === 'true' ? 'filters.yes' : 'filters.no');
    }
    if (chip.key.startsWith('date')) return formatDate(chip.value);
    if (chip.key.startsWith('realCargoQuantity')) {
      const kg = kgOf(chip.value);
      return kg === undefined ? chip.value : formatTonnes(kg);
    }
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
