import { formatPricePerTonne, type PriceListEntry } from '@grain/shared';
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** One raw material's prices of the day in a few lines (the positions cards): quality, kind, term, price. */
export function DayPrices({ list }: { list: PriceListEntry[] }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} data-testid="day-prices">
      <Text size="sm" fw={600}>
        {t('priceLists.positionsTitle')}
      </Text>
      {list.map((entry) => (
        <Group key={entry.id} justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" c="dimmed" lineClamp={1}>
            {entry.qualityTitle}, {entry.supplierKind},{' '}
            {t('priceLists.paymentTermShort', { days: entry.paymentTermDays })}
          </Text>
          <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
            {formatPricePerTonne(entry.price)}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
