import { QUALITY_SCALE, type QualityLine } from '@grain/shared';
import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatNumber, formatPricePerTonne, formatTonnes } from '../lib/format';

/** A parameter value kept in hundredths of its unit, as read ("16,5 %"). */
export function formatLabValue(value: number, unit: string | null) {
  return `${formatNumber(value / QUALITY_SCALE)}${unit ? ` ${unit}` : ''}`;
}

/** An amount with its sign written out (+ premium, − discount). */
function signed(minor: number, currency: string) {
  return `${minor > 0 ? '+' : minor < 0 ? '−' : ''}${formatMoney(Math.abs(minor), currency)}`;
}

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** One quality line's effect: the weight it takes, or the price per tonne it adds or takes and the amount. */
export function qualityLineText(t: Translate, line: QualityLine, currency: string) {
  const values = {
    parameter: line.parameter,
    lab: formatLabValue(line.labValue, line.unit),
    basis: formatLabValue(line.basis, line.unit),
  };
  if (line.weightKg > 0) return t('quality.weightLine', { ...values, quantity: formatTonnes(line.weightKg) });
  if (line.pricePerTonne !== 0) {
    const sign = line.pricePerTonne > 0 ? '+' : '−';
    return t('quality.priceLine', {
      ...values,
      price: `${sign}${formatPricePerTonne(Math.abs(line.pricePerTonne), currency)}`,
      amount: signed(line.amount, currency),
    });
  }
  return t('quality.noEffectLine', values);
}

/** The stored quality lines of a statement row or a delivery preview, with the "do decyzji" flag. */
export function QualityLines({
  settlement,
  currency,
}: {
  settlement: { lines: readonly QualityLine[]; isToDecide: boolean };
  currency: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack gap={0} data-testid="quality-lines">
      {settlement.isToDecide && (
        <Badge color="red" variant="light" size="sm">
          {t('quality.toDecide')}
        </Badge>
      )}
      {settlement.lines.map((line) => (
        <Text key={line.parameter} fz="xs" c={line.isBeyondLimit ? 'red' : 'dimmed'}>
          {qualityLineText(t, line, currency)}
        </Text>
      ))}
    </Stack>
  );
}
