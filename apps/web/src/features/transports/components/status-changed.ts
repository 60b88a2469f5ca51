import type { TransportResponse } from '@grain/shared';
import { notifications } from '@mantine/notifications';
import { i18n } from '../../../i18n';

/** The success toast after every transport status change. */
export function showStatusChanged(transport: Pick<TransportResponse, 'id' | 'status'>) {
  notifications.show({
    color: 'green',
    message: i18n.t('transports.status.changed', {
      id: transport.id,
      status: i18n.t(`status.transport.${transport.status}`),
    }),
    withCloseButton: true,
  });
}
