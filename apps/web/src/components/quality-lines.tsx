import { lineValue, QUALITY_SCALE, type QualityLine } from '@grain/shared';
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

/**
 * One quality line's effect: the weight it takes (and, with the base price, what that weight was worth: deducted
 * kg × price), the price per tonne it adds or takes and the amount (a shrink's price is its drying fee), or none.
 */
export function qualityLineText(t: Translate, line: QualityLine, currency: string, basePrice?: number) {
  const values = {
    parameter: line.parameter,
    lab: formatLabValue(line.labValue, line.unit),
    basis: formatLabValue(line.basis, line.unit),
  };
  const effects: string[] = [];
  if (line.weightKg > 0) {
    const quantity = formatTonnes(line.weightKg);
    effects.push(
      basePrice === undefined
        ? t('quality.weightEffect', { quantity })
        : t('quality.weightMoneyEffect', { quantity, amount: signed(-lineValue(line.weightKg, basePrice), currency) }),
    );
  }
  if (line.pricePerTonne !== 0) {
    const sign = line.pricePerTonne > 0 ? '+' : '−';
    effects.push(
      t(line.rule === 'MOISTURE_SHRINK' ? 'quality.dryingEffect' : 'quality.priceEffect', {
        price: `${sign}${formatPricePerTonne(Math.abs(line.pricePerTonne), currency)}`,
        amount: signed(line.amount, currency),
      }),
    );
  }
  if (effects.length === 0) return t('quality.noEffectLine', values);
  return t('quality.line', { ...values, effects: effects.join('; ') });
}

/** The stored quality lines of a statement row or a delivery preview, with the "do decyzji" flag. */
export function QualityLines({
  settlement,
  currency,
}: {
  /** With the base price a weight line shows its money too. */
  settlement: { lines: readonly QualityLine[]; isToDecide: boolean; basePrice?: number };
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
          {qualityLineText(t, line, currency, settlement.basePrice)}
        </Text>
      ))}
    </Stack>
  );
}
