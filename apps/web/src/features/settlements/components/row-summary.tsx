import type { TransactionRow } from '@grain/shared';
import { Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QualityLines } from '../../../components/quality-lines';
import { SettlementStatusBadge } from '../../../components/status-badges';
import { formatTonnes } from '../../../lib/format';

/**
 * Which transaction a modal works on: id, kind, contractor and status, and the quality lines the delivery stored
 * (RULES.md Transports, Quality): what its real quantity, deductions and surcharges are made of.
 */
export function RowSummary({ row }: { row: TransactionRow }) {
  const { t } = useTranslation();
  const quality = row.qualitySettlement;
  return (
    <Stack gap={4}>
      <Group gap="xs" wrap="wrap">
        <Text fz="sm" fw={600}>
          {t('statement.summary', {
            id: row.id,
            kind: t(`statement.kinds.${row.type}`),
            contractor: row.contractorName ? `${row.contractorCode} (${row.contractorName})` : row.contractorCode,
          })}
        </Text>
        <SettlementStatusBadge status={row.status} />
      </Group>
      {quality && (
        <Stack gap={0}>
          <Text fz="xs">
            {t('quality.linesTitle', { gross: formatTonnes(quality.grossKg), paid: formatTonnes(quality.paidKg) })}
          </Text>
          <QualityLines settlement={quality} currency={row.currency} />
        </Stack>
      )}
    </Stack>
  );
}
