import { formatBasisPoints, formatKg, type TransportTicketsResponse } from '@grain/shared';
import { Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Loading net against unloading net, the difference in kg and %, flagged above the raw material's tolerance. */
export function TransitSummary({ tickets }: { tickets: TransportTicketsResponse }) {
  const { t } = useTranslation();
  const { transit } = tickets;
  if (!transit) {
    return (
      <Text size="xs" c="dimmed">
        {t('weighbridge.transitMissing')}
      </Text>
    );
  }
  return (
    <Stack gap={2} data-testid="transit-difference">
      <Group gap="xs" wrap="wrap">
        <Text size="sm" fw={600}>
          {t('weighbridge.transit')}:
        </Text>
        <Text size="sm">
          {t('weighbridge.transitDifference', {
            kg: formatKg(transit.differenceKg),
            percent: formatBasisPoints(transit.differenceBp),
          })}
        </Text>
        <Badge color={transit.isAboveTolerance ? 'red' : 'green'} variant="light">
          {t(transit.isAboveTolerance ? 'weighbridge.aboveTolerance' : 'weighbridge.withinTolerance')}
        </Badge>
      </Group>
      <Text size="xs" c="dimmed">
        {t('weighbridge.transitLine', {
          loading: formatKg(transit.loadingNetKg),
          unloading: formatKg(transit.unloadingNetKg),
        })}{' '}
        · {t('weighbridge.tolerance', { percent: formatBasisPoints(transit.toleranceBp) })}
      </Text>
    </Stack>
  );
}
