import type { TransactionRow } from '@grain/shared';
import { Group, Paper, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatTonnes } from '../../../lib/format';
import { bulkTotals } from '../bulk-forms';

/** What the dialog's rows come to: tonnes, and net and gross per currency (a missing VAT rate leaves gross open). */
export function BulkTotalsLine({ rows }: { rows: TransactionRow[] }) {
  const { t } = useTranslation();
  const totals = bulkTotals(rows);
  return (
    <Paper withBorder p="xs" bg="var(--mantine-color-gray-light)" data-testid="bulk-totals">
      <Group gap="md" wrap="wrap">
        <Text fz="sm" fw={600}>
          {t('statement.bulk.totals', { count: rows.length })}
        </Text>
        <Text fz="sm">{t('statement.bulk.totalTonnes', { quantity: formatTonnes(totals.quantityKg) })}</Text>
        {totals.values.map((value) => (
          <Text key={value.currency} fz="sm">
            {t('statement.bulk.totalValues', {
              net: formatMoney(value.net, value.currency),
              gross: value.gross === null ? '—' : formatMoney(value.gross, value.currency),
            })}
          </Text>
        ))}
      </Group>
    </Paper>
  );
}
