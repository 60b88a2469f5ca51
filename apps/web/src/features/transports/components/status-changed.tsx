import type { TransportResponse } from '@grain/shared';
import { Button, Group } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { i18n } from '../../../i18n';

/** The success toast after every transport status change; with `undo`, a button that takes it back for 5 s. */
export function showStatusChanged(transport: Pick<TransportResponse, 'id' | 'status'>, undo?: () => void) {
  const text = i18n.t('transports.status.changed', {
    id: transport.id,
    status: i18n.t(`status.transport.${transport.status}`),
  });
  const id = notifications.show({
    color: 'green',
    autoClose: 5_000,
    message: undo ? (
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <span>{text}</span>
        <Button
          size="compact-xs"
          variant="light"
          data-testid="status-undo"
          onClick={() => {
            notifications.hide(id);
            undo();
          }}
        >
          {i18n.t('transports.status.undo')}
        </Button>
      </Group>
    ) : (
      text
    ),
    withCloseButton: true,
  });
}
