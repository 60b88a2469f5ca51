import { ACTION_LOCK_MS } from '@grain/shared';
import { Box, Button, Group } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useActionLock } from '../action-lock';

export interface ConfirmOptions {
  title: string;
  message?: ReactNode;
  confirmLabel?: string;
  isDanger?: boolean;
  /** A status change: the confirm button acts only ACTION_LOCK_MS after the dialog opens (spec/2 section 9). */
  isStatusChange?: boolean;
}

interface ConfirmBodyProps extends Omit<ConfirmOptions, 'title' | 'isStatusChange'> {
  /** Until when (Date.now() time) the confirm button does nothing; none: it acts at once. */
  lockedUntil?: number;
  onConfirm: () => void;
  onCancel: () => void;
}

/**
 * The message and the two buttons of a confirmation. While a status change's confirm button is locked it keeps the
 * focus it opened with (Enter is the same press as a click) but is marked disabled and does nothing.
 */
export function ConfirmBody({ message, confirmLabel, isDanger, lockedUntil, onConfirm, onCancel }: ConfirmBodyProps) {
  const { t } = useTranslation();
  const { isLocked } = useActionLock({ lockedUntil });
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
export function confirmAction({ title, isStatusChange, ...body }: ConfirmOptions): Promise<boolean> {
  // Counted from the opening, as the user sees it: the dialog's content may be drawn a frame later.
  const lockedUntil = isStatusChange ? Date.now() + ACTION_LOCK_MS : undefined;
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
      children: (
        <ConfirmBody
          {...body}
          lockedUntil={lockedUntil}
          onConfirm={() => answer(true)}
          onCancel={() => answer(false)}
        />
      ),
    });
  });
}
