import { lineValue, type TransportResponse, toMinorUnits, tonnesToKg, valueAfterDeductions } from '@grain/shared';
import { Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatTonnes } from '../../../lib/format';
import type { DeliveredFormValues } from '../delivered-form';

/**
 * What the delivery will put on the statement (RULES.md Transports, Delivered): the purchase row at the price typed
 * here, the sales row at its contract price, both less the deductions; the same value function as the statement.
 */
export function DeliveredRowsPreview({
  transport,
  values,
}: {
  transport: TransportResponse;
  values: DeliveredFormValues;
}) {
  const { t } = useTranslation();
  if (values.realCargoQuantity === null) return null;
  const kg = tonnesToKg(values.realCargoQuantity);
  const deductions = values.deductions === null ? 0 : toMinorUnits(values.deductions);
  const purchasePrice = values.realCargoPrice === null ? null : toMinorUnits(values.realCargoPrice);
  const line = (price: number, currency: string) => ({
    quantity: formatTonnes(kg),
    price: formatMoney(price, currency),
    deductions: formatMoney(deductions, currency),
    value: formatMoney(valueAfterDeductions({ value: lineValue(kg, price), deductions, surcharges: 0 }), currency),
  });
  return (
    <Paper withBorder p="sm" radius="md" data-testid="delivered-preview">
      <Stack gap={2}>
        <Text size="sm" fw={600}>
          {t('transports.delivered.previewTitle')}
        </Text>
        {purchasePrice !== null && (
          <Text size="sm">
            {t('transports.delivered.previewPurchase', line(purchasePrice, transport.purchaseCurrency))}
          </Text>
        )}
        <Text size="sm">
          {t('transports.delivered.previewSales', line(transport.salesPrice, transport.salesCurrency))}
        </Text>
      </Stack>
    </Paper>
  );
}
