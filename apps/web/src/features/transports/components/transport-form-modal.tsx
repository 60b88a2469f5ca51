import type { TransportResponse } from '@grain/shared';
import { Box, Modal } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { TransportOrderPanel } from '../../transport-orders';
import { WeighbridgePanel } from '../../weighbridge';
import type { TransportFormContext } from '../transport-form';
import { TransportForm } from './transport-form';
import { TransportHistory } from './transport-history';
import { useIsPhone } from './use-is-phone';

export interface TransportFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** Create: the pair and whether its sale requires GMP. Ignored when `transport` is given. */
  pair?: TransportFormContext | null;
  /** Edit this transport. */
  transport?: TransportResponse | null;
  /** Open in 'start on the way' mode (spec/1 section 4): stricter fields, saving sets ON_THE_WAY. */
  isStartOnTheWay?: boolean;
  /** After a successful save (the modal does not close itself, so a summary can follow). */
  onSaved?: (transport: TransportResponse) => void;
}

export function contextOf(transport: TransportResponse): TransportFormContext {
  return { purchaseId: transport.purchaseId, salesId: transport.salesId, saleRequiresGmp: transport.saleIsGmp };
}

/** The create / edit transport modal (spec/1 Logistics modals), reusable by any screen. */
export function TransportFormModal({
  opened,
  onClose,
  pair,
  transport,
  isStartOnTheWay = false,
  onSaved,
}: TransportFormModalProps) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  const context = transport ? contextOf(transport) : pair;
  const title = !transport
    ? t('transports.form.createTitle')
    : isStartOnTheWay
      ? t('transports.form.startModalTitle', { id: transport.id })
      : t('transports.form.editTitle', { id: transport.id });
  return (
    <Modal opened={opened && Boolean(context)} onClose={onClose} title={title} size="xl" fullScreen={isPhone} centered>
      {transport && !isStartOnTheWay && (
        <Box mb="md">
          <TransportOrderPanel transport={transport} />
          <Box mt="sm">
            <WeighbridgePanel transport={transport} />
          </Box>
        </Box>
      )}
      {context && (
        <TransportForm
          key={transport?.id ?? `${context.purchaseId}-${context.salesId}`}
          context={context}
          transport={transport}
          isStartOnTheWay={isStartOnTheWay}
          onSaved={(saved) => (onSaved ? onSaved(saved) : onClose())}
          onCancel={onClose}
        />
      )}
      {/* RULES.md "Everything that changes data": an edited transport's details show its history too. */}
      {transport && !isStartOnTheWay && (
        <Box mt="lg">
          <TransportHistory transport={transport} />
        </Box>
      )}
    </Modal>
  );
}
