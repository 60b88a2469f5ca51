import type { TransportResponse } from '@grain/shared';
import { Alert, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconFileTypePdf, IconMailForward } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError, saveBlob, showErrorToast } from '../../api/client';
import { confirmAction } from '../../components/form/confirm';
import { formatDateTime } from '../../lib/format';
import { downloadTransportOrder, useSendTransportOrder, useTransportOrderInfo } from './api';

const isMissingCompany = (error: unknown) => error instanceof ApiError && error.messageCode === 'COMPANY_NOT_EXIST';

/**
 * The transport order (zlecenie transportowe) of one transport: download the PDF, send it to the
 * carrier's e-mail, and the "wysłano" mark of the last sending (a changed transport can be sent again).
 * It also shows inside modals opened through the modals manager, outside the session and router providers.
 */
export function TransportOrderPanel({ transport }: { transport: TransportResponse }) {
  const { t } = useTranslation();
  const info = useTransportOrderInfo(transport.id);
  const send = useSendTransportOrder(transport.id);
  const [isDownloading, setIsDownloading] = useState(false);
  const [isCompanyMissing, setIsCompanyMissing] = useState(false);
  const last = info.data?.sends[0];
  const carrierEmail = info.data?.carrierEmail ?? null;
  const orderNumber = info.data?.orderNumber ?? '';
  // A delivered truck's order is done: it is kept as a PDF, never sent again (the server answers WRONG_STATUS).
  const isDone = transport.status === 'DELIVERED';

  const onFailure = (error: unknown) => {
    if (isMissingCompany(error)) setIsCompanyMissing(true);
    else showErrorToast(error);
  };

  const download = async () => {
    setIsDownloading(true);
    try {
      const blob = await downloadTransportOrder(transport.id);
      saveBlob(blob, `zlecenie-transportowe-${orderNumber.replaceAll('/', '-')}.pdf`);
    } catch (error) {
      onFailure(error);
    } finally {
      setIsDownloading(false);
    }
  };

  const sendToCarrier = async () => {
    if (!carrierEmail) return;
    const confirmed = await confirmAction({
      title: t('carriers.order.sendConfirmTitle'),
      message: t('carriers.order.sendConfirm', { number: orderNumber, email: carrierEmail }),
    });
    if (!confirmed) return;
    try {
      await send.mutateAsync();
      notifications.show({ color: 'green', message: t('carriers.order.sent', { email: carrierEmail }) });
    } catch (error) {
      onFailure(error);
    }
  };

  return (
    <Paper withBorder p="sm" data-testid="transport-order-panel">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Text fw={600} size="sm">
            {t('carriers.order.title')} {orderNumber && t('carriers.order.number', { number: orderNumber })}
          </Text>
          {last && (
            <Text size="xs" c="green.8" fw={600} data-testid="transport-order-sent" style={{ wordBreak: 'break-all' }}>
              ✓ {t('carriers.order.sentMark', { date: formatDateTime(last.sentAt), email: last.recipient })}
            </Text>
          )}
        </Group>
        {info.data?.isChangedSinceSent && !isDone && (
          <Alert color="yellow" p="xs">
            {t('carriers.order.changedSinceSent')}
          </Alert>
        )}
        {isCompanyMissing && (
          <Alert color="red" p="xs">
            {t('carriers.order.noCompany')}
          </Alert>
        )}
        <Group gap="xs">
          <Button
            variant="light"
            leftSection={<IconFileTypePdf size={16} />}
            loading={isDownloading}
            onClick={() => void download()}
          >
            {t('carriers.order.download')}
          </Button>
          {!isDone && (
            <Tooltip label={t('carriers.order.noCarrierEmail')} disabled={Boolean(carrierEmail) || !info.data}>
              <span>
                <Button
                  variant="light"
                  color="teal"
                  leftSection={<IconMailForward size={16} />}
                  loading={send.isPending}
                  disabled={!carrierEmail}
                  onClick={() => void sendToCarrier()}
                >
                  {t(last ? 'carriers.order.resend' : 'carriers.order.send')}
                </Button>
              </span>
            </Tooltip>
          )}
        </Group>
        {isDone && (
          <Text size="xs" c="dimmed">
            {t('carriers.order.deliveredNoSend')}
          </Text>
        )}
        {info.data && !carrierEmail && !isDone && (
          <Text size="xs" c="dimmed">
            {t('carriers.order.noCarrierEmail')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
