import { Group, Paper, Stack, Text } from '@mantine/core';
import { IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { formatTonnes } from '../../../lib/format';
import { contractorLabel } from '../../contractors';
import type { TransportPairView } from '../transport-pair';

/** Purchase → sale, the route and the tonnes left on the pair, above the create and edit transport forms. */
export function PairContext({ pair }: { pair?: TransportPairView | null }) {
  const { t } = useTranslation();
  if (!pair) return null;
  const hasRoute = Boolean(pair.from || pair.to);
  return (
    <Paper withBorder p="sm" radius="md" bg="gray.0" data-testid="transport-pair">
      <Stack gap={4}>
        <Text size="sm" fw={600}>
          {t('transports.form.pair', {
            purchase: pair.purchaseNumber,
            supplier: contractorLabel(pair.supplierCode, pair.supplierName),
            sale: pair.saleNumber,
            recipient: contractorLabel(pair.recipientCode, pair.recipientName),
          })}
        </Text>
        {hasRoute && (
          <Group gap={6} wrap="wrap">
            <Text size="sm">{t('transports.form.route')}:</Text>
            <Text size="sm">{pair.from ?? '—'}</Text>
            <IconArrowRight size={14} aria-hidden />
            <Text size="sm">{pair.to ?? '—'}</Text>
          </Group>
        )}
        {pair.toPickUpKg !== undefined && pair.toPickUpKg !== null && (
          <Text size="sm">{t('transports.form.toPickUp', { quantity: formatTonnes(pair.toPickUpKg) })}</Text>
        )}
      </Stack>
    </Paper>
  );
}
