import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface ConfirmRequest {
  title: string;
  message: ReactNode;
  confirmLabel: string;
  resolve: (isConfirmed: boolean) => void;
}

/**
 * The confirmation before saving, as a modal stacked over the form's own modal. The shared confirmAction goes
 * through the Mantine modals manager, which shows one modal at a time: opened from a form that the manager shows
 * (openCreateTransport), it would unmount the form and its typed values.
 */
export function useStackedConfirm() {
  const { t } = useTranslation();
  const [request, setRequest] = useState<ConfirmRequest | null>(null);

  const confirm = (options: Omit<ConfirmRequest, 'resolve'>) =>
    new Promise<boolean>((resolve) => setRequest({ ...options, resolve }));
  const finish = (isConfirmed: boolean) => {
    request?.resolve(isConfirmed);
    setRequest(null);
  };

  const element = (
    <Modal opened={request !== null} onClose={() => finish(false)} title={request?.title} centered zIndex={400}>
      <Stack gap="md">
        <Text size="sm">{request?.message}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => finish(false)}>
            {t('common.cancel')}
          </Button>
          <Button data-autofocus onClick={() => finish(true)}>
            {request?.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
  return { confirm, element };
}
