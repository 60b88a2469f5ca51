import { Box, Button, Group } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useActionLock } from '../action-lock';

interface ConfirmOptions {
  title: string;
  message?: ReactNode;
  confirmLabel?: string;
  isDanger?: boolean;
  /** A status change: the confirm button acts only ACTION_LOCK_MS after the dialog opens (spec/2 section 9). */
  isStatusChange?: boolean;
}

interface ConfirmBodyProps extends Omit<ConfirmOptions, 'title'> {
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The message and the two buttons of a confirmation. While a status change's confirm button is locked it keeps the
 * focus it opened with (Enter is the same press as a click) but is marked disabled and does nothing.
 */
export function ConfirmBody({
  message,
  confirmLabel,
  isDanger,
  isStatusChange,
  onConfirm,
  onCancel,
}: ConfirmBodyProps) {
  const { t } = useTranslation();
  const { isLocked } = useActionLock({ isLockedAtStart: Boolean(isStatusChange) });
  return (
    <>
      {message && <Box mb="md">{message}</Box>}
      <Group mt={message ? 0 : 'md'} justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          {t('common.cancel')}
        </Button>
        <Button
          color={isDanger ? 'red' : undefined}
          data-autofocus
          data-disabled={isLocked || undefined}
          aria-disabled={isLocked || undefined}
          onClick={() => {
            if (!isLocked) onConfirm();
          }}
        >
          {confirmLabel ?? t('common.confirm')}
        </Button>
      </Group>
    </>
  );
}

/** Confirmation before what cannot be undone and before status changes; resolves true when confirmed. */
export function confirmAction({ title, ...body }: ConfirmOptions): Promise<boolean> {
  return new Promise((resolve) => {
    let isAnswered = false;
    const answer = (isConfirmed: boolean) => {
      if (isAnswered) return;
      isAnswered = true;
      resolve(isConfirmed);
      modals.close(modalId);
    };
    const modalId = modals.open({
      title,
      centered: true,
      onClose: () => answer(false),
      children: <ConfirmBody {...body} onConfirm={() => answer(true)} onCancel={() => answer(false)} />,
    });
  });
}
