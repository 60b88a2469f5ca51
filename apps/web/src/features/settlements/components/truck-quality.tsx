import { qualityDeductionsInMoney, type TransactionRow } from '@grain/shared';
import { Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatLabValue, QualityLines } from '../../../components/quality-lines';
import { formatMoney } from '../../../lib/format';

/**
 * The lab results the truck was settled by, once for the truck (both goods rows store the same results), each with
 * the unit of its term.
 */
export function TruckLabResults({ rows }: { rows: readonly TransactionRow[] }) {
  const { t } = useTranslation();
  const settlement = rows.find((row) => row.qualitySettlement)?.qualitySettlement;
  if (!settlement?.labResults.length) return null;
  const unitOf = (parameter: string) =>
    settlement.terms.find((term) => term.parameter.toLowerCase() === parameter.toLowerCase())?.unit ?? null;
  return (
    <Text fz="sm" data-testid="truck-lab-results">
      <Text span fw={600} fz="sm">
        {t('statement.truck.labResults')}
      </Text>{' '}
      {settlement.labResults
        .map((lab) => `${lab.parameter} ${formatLabValue(lab.value, unitOf(lab.parameter))}`)
        .join(' · ')}
    </Text>
  );
}

/**
 * A row's quality lines, each with its effect, and its deductions in money: the weight the lines took valued at the
 * base price (deducted kg × price), the price discounts and the rest of the row's deductions (the free deduction
 * entered at delivery, or the settled figure), so a weight deduction never reads as 0,00 zł.
 */
export function TruckRowQuality({ row }: { row: TransactionRow }) {
  const { t } = useTranslation();
  const settlement = row.qualitySettlement;
  const money = settlement ? qualityDeductionsInMoney(settlement) : { weight: 0, price: 0 };
  const other = Math.max(0, row.deductions - money.price);
  const total = money.weight + money.price + other;
  if (!settlement && total === 0) return null;
  const parts = [
    money.weight > 0 && t('statement.truck.weightDeduction', { amount: formatMoney(money.weight, row.currency) }),
    money.price > 0 && t('statement.truck.priceDeduction', { amount: formatMoney(money.price, row.currency) }),
    other > 0 && t('statement.truck.otherDeduction', { amount: formatMoney(other, row.currency) }),
  ].filter(Boolean);
  return (
    <Stack gap={0} data-testid={`truck-row-quality-${row.id}`}>
      {settlement && <QualityLines settlement={settlement} currency={row.currency} />}
      <Text fz="xs" fw={600}>
        {t('statement.truck.deductions', { amount: formatMoney(total, row.currency) })}
        {parts.length > 0 && ` (${parts.join(', ')})`}
      </Text>
    </Stack>
  );
}
