import type { TransportResponse, WeighbridgeSide } from '@grain/shared';
import { WEIGHBRIDGE_SIDES } from '@grain/shared';
import { Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useScaleInfo, useTransportTickets } from '../api';
import { SideTickets } from './side-tickets';
import { TransitSummary } from './transit-summary';

const FINAL_STATUSES = new Set(['DELIVERED', 'RETURN_TO_CLIENT', 'CANCELLED']);

/** A transport's weighbridge tickets, loading and unloading side by side, and its transit difference. */
export function WeighbridgePanel({ transport }: { transport: TransportResponse }) {
  const { t } = useTranslation();
  const tickets = useTransportTickets(transport.id);
  const scale = useScaleInfo();
  const isOpen = !FINAL_STATUSES.has(transport.status);
  const ofSide = (side: WeighbridgeSide) => (tickets.data?.tickets ?? []).filter((ticket) => ticket.side === side);
  return (
    <Paper withBorder p="sm" data-testid="weighbridge-panel" aria-busy={tickets.isPending}>
      <Stack gap="xs">
        <Text fw={600} size="sm" component="h3" m={0}>
          {t('weighbridge.title')}
        </Text>
        {scale.data && (
          <Text size="xs" c="dimmed">
            {t(scale.data.isManual ? 'weighbridge.scaleManual' : 'weighbridge.scale', { name: scale.data.name })}
          </Text>
        )}
        {tickets.data && (
          <>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {WEIGHBRIDGE_SIDES.map((side) => (
                <SideTickets
                  key={side}
                  transportId={transport.id}
                  side={side}
                  tickets={ofSide(side)}
                  isTransportOpen={isOpen}
                  isManualScale={scale.data?.isManual ?? true}
                />
              ))}
            </SimpleGrid>
            <TransitSummary tickets={tickets.data} />
          </>
        )}
      </Stack>
    </Paper>
  );
}
