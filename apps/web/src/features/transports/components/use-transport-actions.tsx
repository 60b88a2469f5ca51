import { TRANSPORT_STATUS_TRANSITIONS, type TransportResponse } from '@grain/shared';
import { notifications } from '@mantine/notifications';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../../../components/form/confirm';
import { formatTonnes } from '../../../lib/format';
import { canBeSetOnTheWay, useRemoveTransport, useUpdateTransportStatus } from '../api';
import type { StatusChoice } from '../status-menu';
import { showStatusChanged } from './status-changed';

// The modals' code (forms, their schemas) loads at the first row action, not with the list.
const TransportFormModal = lazy(async () => ({ default: (await import('./transport-form-modal')).TransportFormModal }));
const TransportSummaryModal = lazy(async () => ({
  default: (await import('./transport-summary-modal')).TransportSummaryModal,
}));
const DeliveredModal = lazy(async () => ({ default: (await import('./delivered-modal')).DeliveredModal }));
const RedirectTransportModal = lazy(async () => ({
  default: (await import('./redirect-transport-modal')).RedirectTransportModal,
}));

const DecideTransportModal = lazy(async () => ({
  default: (await import('./decide-transport-modal')).DecideTransportModal,
}));

export type RowActionKind = 'edit' | 'start' | 'details' | 'deliver' | 'redirect' | 'decide';

interface OpenModal {
  kind: RowActionKind;
  row: TransportResponse;
}

/**
 * The row actions of a transport table and their modals (spec/1 section 4): status changes with their
 * confirmations, the 'start on the way' edit when the server says the transport cannot go yet, delete.
 */
export function useTransportActions() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<OpenModal | null>(null);
  // Mounted from the first opening on, so later ones close with their transition.
  const [hasOpened, setHasOpened] = useState(false);
  const updateStatus = useUpdateTransportStatus();
  const remove = useRemoveTransport();
  const close = () => setOpen(null);
  const openModal = (kind: RowActionKind, row: TransportResponse) => {
    setHasOpened(true);
    setOpen({ kind, row });
  };

  const confirmStatus = (row: TransportResponse, choice: StatusChoice) =>
    confirmAction({
      title: t('transports.status.confirmTitle'),
      message: t('transports.status.confirm', {
        id: row.id,
        from: t(`status.transport.${row.status}`),
        to: t(`status.transport.${choice.status}`),
      }),
      confirmLabel: t(`transports.status.to.${choice.status}`),
      isDanger: choice.status === 'CANCELLED',
      isStatusChange: true,
    });

  /**
   * `canUndo` (the phone card's menu, where a tap slips easily): a change made at once, without a question, is
   * offered back for 5 s; the final ones are confirmed first and the modal steps ask anyway.
   */
  const changeStatus = async (row: TransportResponse, choice: StatusChoice, options: { canUndo?: boolean } = {}) => {
    if (choice.step === 'deliver') return openModal('deliver', row);
    // A failed check counts as not allowed (spec/2): the form opens in 'start on the way' mode.
    if (choice.step === 'checkOnTheWay' && !(await canBeSetOnTheWay(row.id))) return openModal('start', row);
    // Confirm only what cannot be undone: cancelling and the return to the client are final.
    const isFinal = choice.status === 'CANCELLED' || choice.status === 'RETURN_TO_CLIENT';
    if (isFinal && !(await confirmStatus(row, choice))) return;
    const answer = await updateStatus.mutateAsync({ transportId: row.id, status: choice.status });
    if (!answer) return;
    const canGoBack = (TRANSPORT_STATUS_TRANSITIONS[answer.status] as readonly string[]).includes(row.status);
    const undo =
      options.canUndo && !isFinal && canGoBack
        ? async () => {
            const back = await updateStatus.mutateAsync({ transportId: row.id, status: row.status });
            if (back) showStatusChanged(back);
          }
        : undefined;
    showStatusChanged(answer, undo);
  };

  const removeRow = async (row: TransportResponse) => {
    const confirmed = await confirmAction({
      title: t('transports.remove.title'),
      message: t('transports.remove.confirm', {
        id: row.id,
        carrier: row.carrierCode,
        quantity: formatTonnes(row.cargoQuantity),
      }),
      confirmLabel: t('common.delete'),
      isDanger: true,
    });
    if (!confirmed) return;
    try {
      await remove.mutateAsync(row.id);
      notifications.show({ color: 'green', message: t('transports.deleted'), withCloseButton: true });
    } catch {
      // The client already showed the refusal (TRANSPORT_CANNOT_BE_REMOVED, ...).
    }
  };

  const isForm = open?.kind === 'edit' || open?.kind === 'start';
  const modals = hasOpened && (
    <Suspense fallback={null}>
      <TransportFormModal
        opened={isForm}
        transport={isForm ? open.row : null}
        isStartOnTheWay={open?.kind === 'start'}
        onClose={close}
      />
      <TransportSummaryModal transport={open?.kind === 'details' ? open.row : null} onClose={close} />
      <DeliveredModal transport={open?.kind === 'deliver' ? open.row : null} onClose={close} />
      <RedirectTransportModal transport={open?.kind === 'redirect' ? open.row : null} onClose={close} />
      <DecideTransportModal transport={open?.kind === 'decide' ? open.row : null} onClose={close} />
    </Suspense>
  );

  return { openModal, changeStatus, removeRow, modals };
}
