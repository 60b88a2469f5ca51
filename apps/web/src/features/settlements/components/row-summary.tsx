import type { TransactionRow } from '@grain/shared';
import { Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SettlementStatusBadge } from '../../../components/status-badges';

/** Which transaction a modal works on: id, kind, contractor and status. */
export function RowSummary({ row }: { row: TransactionRow }) {
  const { t } = useTranslation();
  return (
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
  );
}
