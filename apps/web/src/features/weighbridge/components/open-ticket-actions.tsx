import { formatKg, type WeighbridgeTicket } from '@grain/shared';
import { Button, Group, NumberInput, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, showErrorToast } from '../../../api/client';
import { serverFieldErrors } from '../../../components/form/server-errors';
import { messageCodeText } from '../../../i18n';
import { useTicketAction } from '../api';

/** The refusal marked on the weight field: the scale's, tare above gross, or the entry's own validation. */
function weightError(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  if (error.messageCode === 'VALIDATION_ERROR') return serverFieldErrors(error).weightKg ?? null;
  if (error.messageCode === 'TARE_ABOVE_GROSS' || error.messageCode.startsWith('SCALE_')) {
    return messageCodeText(error.messageCode);
  }
  return null;
}

interface OpenTicketActionsProps {
  transportId: number;
  ticket: WeighbridgeTicket;
  isManualScale: boolean;
}

/** Weigh in, weigh out (from the indicator, or the weight typed off its display) and close. */
export function OpenTicketActions({ transportId, ticket, isManualScale }: OpenTicketActionsProps) {
  const { t } = useTranslation();
  const action = useTicketAction(transportId);
  const [weightKg, setWeightKg] = useState<number | ''>('');
  const [error, setError] = useState<string | null>(null);
  const isWeighedIn = (ticket.side === 'LOADING' ? ticket.tareKg : ticket.grossKg) !== null;
  const isComplete = ticket.grossKg !== null && ticket.tareKg !== null;

  const weigh = async (kind: 'weigh-in' | 'weigh-out') => {
    setError(null);
    try {
      await action.mutateAsync({ kind, id: ticket.id, weightKg: weightKg === '' ? null : weightKg });
      setWeightKg('');
    } catch (refusal) {
      const message = weightError(refusal);
      if (message) setError(message);
      else showErrorToast(refusal);
    }
  };
  const close = async () => {
    try {
      const closed = await action.mutateAsync({ kind: 'close', id: ticket.id });
      notifications.show({
        color: 'green',
        message: t('weighbridge.closed', { number: closed.number, net: formatKg(closed.netKg) }),
      });
    } catch (refusal) {
      showErrorToast(refusal);
    }
  };

  return (
    <Stack gap="xs">
      {isManualScale && !isComplete && (
        <NumberInput
          size="xs"
          label={t('weighbridge.weightKg')}
          value={weightKg}
          onChange={(value) => setWeightKg(typeof value === 'number' ? value : '')}
          allowDecimal={false}
          allowNegative={false}
          thousandSeparator=" "
          error={error}
          data-testid={`weight-${ticket.side.toLowerCase()}`}
        />
      )}
      {!isManualScale && error && (
        <NumberInput size="xs" disabled error={error} aria-label={t('weighbridge.weightKg')} />
      )}
      <Group gap="xs">
        {!isComplete && (
          <Button
            size="xs"
            loading={action.isPending}
            onClick={() => void weigh(isWeighedIn ? 'weigh-out' : 'weigh-in')}
          >
            {t(isWeighedIn ? 'weighbridge.weighOut' : 'weighbridge.weighIn')}
          </Button>
        )}
        {isComplete && (
          <Button size="xs" color="green" loading={action.isPending} onClick={() => void close()}>
            {t('weighbridge.close')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
