import { type DeliveryTransaction, valueAfterDeductions } from '@grain/shared';
import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QualityLines } from '../../../components/quality-lines';
import { formatMoney, formatPricePerTonne, formatTonnes } from '../../../lib/format';
import type { DeductionSide } from '../deductions';
import type { previewRows } from '../delivered-form';

/**
 * What the delivery will put on the statement (RULES.md Transports, Delivered): each goods row as the
 * server's own rule computes it: the paid weight, the price after discounts and premiums, each quality line's
 * effect, its own side's deduction in its own currency and the value the statement will show (the same value
 * function as the statement). The transport row shows once a deduction is typed for it.
 */
export function DeliveredRowsPreview({ rows }: { rows: NonNullable<ReturnType<typeof previewRows>> }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" radius="md" data-testid="delivered-preview">
      <Stack gap="xs">
        <Text size="sm" fw={600}>
          {t('transports.delivered.previewTitle')}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {rows.isPurchasePriceTyped && <SidePreview side="purchase" row={rows.purchase} />}
          <SidePreview side="sales" row={rows.sales} />
          {rows.transport.deductions > 0 && <SidePreview side="transport" row={rows.transport} />}
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

function SidePreview({ side, row }: { side: DeductionSide; row: DeliveryTransaction }) {
  const { t } = useTranslation();
  const settlement = row.qualitySettlement;
  const value = valueAfterDeductions({ value: row.realValue, deductions: row.deductions, surcharges: row.surcharges });
  return (
    <Stack gap={2} data-testid={`delivered-preview-${side}`}>
      <Group gap="xs">
        <Text size="sm" fw={600}>
          {t(`transports.delivered.preview.${side}`)}
        </Text>
        {settlement?.isToDecide && (
          <Badge color="red" variant="light" size="sm">
            {t('quality.toDecide')}
          </Badge>
        )}
      </Group>
      <Text size="sm" data-testid={`delivered-preview-${side}-paid`}>
        {t('transports.delivered.preview.paidWeight', { quantity: formatTonnes(row.realQuantityKg) })}
      </Text>
      <Text size="sm" data-testid={`delivered-preview-${side}-price`}>
        {t(`transports.delivered.preview.${settlement ? 'priceAfterQuality' : 'price'}`, {
          price: formatPricePerTonne(settlement?.price ?? row.realPrice, row.currency),
        })}
      </Text>
      {settlement && <QualityLines settlement={{ ...settlement, isToDecide: false }} currency={row.currency} />}
      {row.deductions > 0 && (
        <Text size="sm">
          {t('transports.delivered.preview.deductions', { amount: formatMoney(row.deductions, row.currency) })}
        </Text>
      )}
      {row.surcharges > 0 && (
        <Text size="sm">
          {t('transports.delivered.preview.surcharges', { amount: formatMoney(row.surcharges, row.currency) })}
        </Text>
      )}
      <Text size="sm" fw={600} data-testid={`delivered-preview-${side}-value`}>
        {t('transports.delivered.preview.value', { value: formatMoney(value, row.currency) })}
      </Text>
    </Stack>
  );
}
