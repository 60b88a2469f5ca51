import { formatKg, type WeighbridgeSide, type WeighbridgeTicket } from '@grain/shared';
import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { showErrorToast } from '../../../api/client';
import { formatDateTime } from '../../../lib/format';
import { useTicketAction } from '../api';
import { OpenTicketActions } from './open-ticket-actions';
import { TicketMenu } from './ticket-menu';

const STATUS_COLORS = { OPEN: 'blue', CLOSED: 'green', CANCELLED: 'gray' } as const;

interface SideTicketsProps {
  transportId: number;
  side: WeighbridgeSide;
  /** Newest first: the one in force, then the ones it cancelled. */
  tickets: WeighbridgeTicket[];
  isTransportOpen: boolean;
  isManualScale: boolean;
}

function Weight({ label, kg, at }: { label: string; kg: number | null; at?: string | null }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600}>
        {formatKg(kg)}
      </Text>
      {at && (
        <Text size="xs" c="dimmed">
          {formatDateTime(at)}
        </Text>
      )}
    </Stack>
  );
}

/** One side's tickets: the one in force with its weighings and actions, and the cancelled ones it replaced. */
export function SideTickets({ transportId, side, tickets, isTransportOpen, isManualScale }: SideTicketsProps) {
  const { t } = useTranslation();
  const action = useTicketAction(transportId);
  const current = tickets.find((ticket) => ticket.status !== 'CANCELLED');
  const cancelled = tickets.filter((ticket) => ticket.status === 'CANCELLED');
  const create = () => action.mutateAsync({ kind: 'create', side }).catch(showErrorToast);
  return (
    <Paper withBorder p="xs" data-testid={`weighbridge-${side.toLowerCase()}`}>
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={600} size="sm">
            {t(`weighbridge.sides.${side}`)}
          </Text>
          {current && (
            <Group gap={4}>
              <Text size="xs">{t('weighbridge.number', { number: current.number })}</Text>
              <Badge size="sm" variant="light" color={STATUS_COLORS[current.status]}>
                {t(`weighbridge.statuses.${current.status}`)}
              </Badge>
            </Group>
          )}
        </Group>
        {!current && (
          <Group justify="space-between">
            <Text size="sm" c="dimmed">
              {t('weighbridge.none')}
            </Text>
            {isTransportOpen && (
              <Button size="xs" variant="light" loading={action.isPending} onClick={() => void create()}>
                {t('weighbridge.create')}
              </Button>
            )}
          </Group>
        )}
        {current && (
          <>
            <Group gap="lg" wrap="wrap">
              <Weight label={t('weighbridge.gross')} kg={current.grossKg} at={current.grossAt} />
              <Weight label={t('weighbridge.tare')} kg={current.tareKg} at={current.tareAt} />
              <Weight label={t('weighbridge.net')} kg={current.netKg} />
            </Group>
            {current.correctsTicketNumber && (
              <Text size="xs" c="dimmed">
                {t('weighbridge.corrects', { number: current.correctsTicketNumber })}: {current.correctionReason}
              </Text>
            )}
            {current.status === 'OPEN' && isTransportOpen && (
              <OpenTicketActions transportId={transportId} ticket={current} isManualScale={isManualScale} />
            )}
            {current.status === 'CLOSED' && (
              <TicketMenu transportId={transportId} ticket={current} canCorrect={isTransportOpen} />
            )}
          </>
        )}
        {cancelled.map((ticket) => (
          <Text key={ticket.id} size="xs" c="dimmed" td="line-through" data-testid="cancelled-ticket">
            {t('weighbridge.number', { number: ticket.number })} · {t('weighbridge.net')} {formatKg(ticket.netKg)}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}
