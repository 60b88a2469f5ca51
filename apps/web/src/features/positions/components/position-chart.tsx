import type { PositionTimeline } from '@grain/shared';
import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatTonnes } from '../../../lib/format';

const MONTHS = ['sty', 'lut', 'mar', 'kwi', 'maj', 'cze', 'lip', 'sie', 'wrz', 'paź', 'lis', 'gru'];
const PURCHASE_COLOR = 'var(--mantine-color-green-6)';
const SALES_COLOR = 'var(--mantine-color-orange-5)';

/** Purchase against sales per month of receipt: a small paired-bar SVG (no chart library, so the bundle stays small). */
export function PositionChart({ timeline }: { timeline: PositionTimeline | undefined }) {
  const { t } = useTranslation();
  if (!timeline) return null;
  const max = Math.max(1, ...timeline.months.flatMap((month) => [month.purchase, month.sales]));
  const width = 240;
  const height = 64;
  const slot = width / timeline.months.length;
  const bar = Math.max(4, slot / 3);
  const description = timeline.months
    .map((month) => `${month.month}: ${formatTonnes(month.purchase)} / ${formatTonnes(month.sales)}`)
    .join('; ');
  return (
    <div>
      <svg
        viewBox={`0 0 ${width} ${height + 14}`}
        width="100%"
        role="img"
        aria-label={`${t('positions.chartTitle')}: ${description}`}
      >
        {timeline.months.map((month, index) => {
          const x = index * slot + (slot - 2 * bar) / 2;
          const purchaseHeight = (month.purchase / max) * height;
          const salesHeight = (month.sales / max) * height;
          return (
            <g key={month.month}>
              <rect x={x} y={height - purchaseHeight} width={bar} height={purchaseHeight} fill={PURCHASE_COLOR} rx={1}>
                <title>{`${month.month} ${t('positions.chartLegendPurchase')}: ${formatTonnes(month.purchase)}`}</title>
              </rect>
              <rect x={x + bar} y={height - salesHeight} width={bar} height={salesHeight} fill={SALES_COLOR} rx={1}>
                <title>{`${month.month} ${t('positions.chartLegendSales')}: ${formatTonnes(month.sales)}`}</title>
              </rect>
              <text
                x={index * slot + slot / 2}
                y={height + 11}
                textAnchor="middle"
                fontSize={9}
                fill="var(--mantine-color-dimmed)"
              >
                {MONTHS[Number(month.month.slice(5, 7)) - 1]}
              </text>
            </g>
          );
        })}
      </svg>
      <Group gap="md" mt={2}>
        <Text size="xs" c="dimmed">
          <span style={{ color: PURCHASE_COLOR }}>■</span> {t('positions.chartLegendPurchase')}
        </Text>
        <Text size="xs" c="dimmed">
          <span style={{ color: SALES_COLOR }}>■</span> {t('positions.chartLegendSales')}
        </Text>
      </Group>
    </div>
  );
}
