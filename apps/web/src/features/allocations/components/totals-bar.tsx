import type { ToAssignTotals } from '@grain/shared';
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatTonnes } from '../../../lib/format';

function Total({ label, value, note, testId }: { label: string; value: string; note?: string; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} fz="lg" data-testid={testId}>
        {value}
        {note && (
          <Text span size="sm" c="dimmed" fw={400} ml={6}>
            ({note})
          </Text>
        )}
      </Text>
    </Stack>
  );
}

/** spec/1 Allocations page totals bar: sums over every filtered pair, in tonnes. */
export function TotalsBar({ totals }: { totals: ToAssignTotals | undefined }) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="sm" mb="md" radius="md" component="section" aria-label={t('allocations.totals')}>
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm" verticalSpacing="xs">
        <Total
          label={t('allocations.sumToDeliver')}
          value={formatTonnes(totals?.sumToDeliver)}
          testId="sum-to-deliver"
        />
        <Total
          label={t('allocations.sumInDelivery')}
          value={formatTonnes(totals?.sumInDelivery)}
          note={totals ? t('allocations.transportCount', { count: totals.sumInDeliveryTransportCount }) : undefined}
          testId="sum-in-delivery"
        />
        <Total
          label={t('allocations.sumDelivered')}
          value={formatTonnes(totals?.sumDelivered)}
          testId="sum-delivered"
        />
      </SimpleGrid>
    </Paper>
  );
}
