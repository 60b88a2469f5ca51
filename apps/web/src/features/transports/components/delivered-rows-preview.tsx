import { type DeliveryTransaction, type QualityLine, valueAfterDeductions } from '@grain/shared';
import { Badge, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatPricePerTonne, formatTonnes } from '../../../lib/format';
import type { previewRows } from '../delivered-form';
import { formatLabValue } from './lab-results-fields';

/**
 * What the delivery will put on the statement (RULES.md Transports, Delivered; issue 16): each goods row as the
 * server's own rule computes it: the paid weight, the price after discounts and premiums, each quality line's
 * effect and the value the statement will show (the same value function as the statement).
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
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}

function SidePreview({ side, row }: { side: 'purchase' | 'sales'; row: DeliveryTransaction }) {
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
            {t('transports.delivered.preview.toDecide')}
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
      {settlement?.lines.map((line) => (
        <Text key={line.parameter} size="xs" c={line.isBeyondLimit ? 'red' : 'dimmed'}>
          {lineText(t, line, row.currency)}
        </Text>
      ))}
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

/** One line's effect: the weight it takes, or the price per tonne it adds or takes and the amount. */
export function lineText(
  t: (key: string, values?: Record<string, unknown>) => string,
  line: QualityLine,
  currency: string,
) {
  const lab = formatLabValue(line.labValue, line.unit);
  const basis = formatLabValue(line.basis, line.unit);
  if (line.weightKg > 0)
    return t('transports.delivered.preview.weightLine', {
      parameter: line.parameter,
      lab,
      basis,
      quantity: formatTonnes(line.weightKg),
    });
  if (line.pricePerTonne !== 0)
    return t('transports.delivered.preview.priceLine', {
      parameter: line.parameter,
      lab,
      basis,
      price: `${line.pricePerTonne > 0 ? '+' : '−'}${formatPricePerTonne(Math.abs(line.pricePerTonne), currency)}`,
      amount: signed(line.amount, currency),
    });
  return t('transports.delivered.preview.noEffectLine', { parameter: line.parameter, lab, basis });
}

/** An amount with its sign written out (+ premium, − discount). */
function signed(minor: number, currency: string) {
  return `${minor > 0 ? '+' : minor < 0 ? '−' : ''}${formatMoney(Math.abs(minor), currency)}`;
}
