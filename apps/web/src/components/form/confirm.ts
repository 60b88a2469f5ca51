import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { i18n } from '../../i18n';

interface ConfirmOptions {
  title: string;
  message?: ReactNode;
  confirmLabel?: string;
  isDanger?: boolean;
}

/** Confirmation before create, save, delete and status changes; resolves true when confirmed. */
export function confirmAction({ title, message, confirmLabel, isDanger }: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    modals.openConfirmModal({
      title,
      children: message,
      centered: true,
      labels: { confirm: confirmLabel ?? i18n.t('common.confirm'), cancel: i18n.t('common.cancel') },
      confirmProps: { color: isDanger ? 'red' : undefined, 'data-autofocus': true },
      onConfirm: () => resolve(true),
      onCancel: () => resolve(false),
      onClose: () => resolve(false),
    });
  });
}
