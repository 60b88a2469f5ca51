import type { TransportResponse } from '@grain/shared';
import { Button, Group, Modal, Stack, Table } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCopy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TransportSettlement } from '../../settlements';
import { TransportOrderPanel } from '../../transport-orders';
import { WeighbridgePanel } from '../../weighbridge';
import { summaryLines, summaryText } from '../transport-summary';
import { TransportHistory } from './transport-history';
import { useIsPhone } from './use-is-phone';

interface TransportSummaryProps {
  transport: TransportResponse;
  onClose: () => void;
  /** Shown above the buttons (the details' history). */
  children?: ReactNode;
}

/** The key data of a transport with "copy to clipboard" (spec/1 Allocations page: the summary after create). */
export function TransportSummary({ transport, onClose, children }: TransportSummaryProps) {
  const { t } = useTranslation();
  const lines = summaryLines(transport, t);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(summaryText(lines));
      notifications.show({ color: 'green', message: t('common.copiedToClipboard'), withCloseButton: true });
    } catch {
      notifications.show({ color: 'red', message: t('transports.summary.copyFailed'), withCloseButton: true });
    }
  };

  return (
    <Stack gap="md">
      <Table withRowBorders={false} verticalSpacing={4} data-testid="transport-summary">
        <Table.Tbody>
          {lines.map((line) => (
            <Table.Tr key={line.label}>
              <Table.Th w={{ base: 120, sm: 190 }} fw={500} c="dimmed" style={{ verticalAlign: 'top' }}>
                {line.label}
              </Table.Th>
              <Table.Td>{line.value}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <TransportOrderPanel transport={transport} />
      <WeighbridgePanel transport={transport} />
      {children}
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose}>
          {t('common.close')}
        </Button>
        <Button leftSection={<IconCopy size={16} />} onClick={() => void copy()}>
          {t('transports.summary.copy')}
        </Button>
      </Group>
    </Stack>
  );
}

interface TransportSummaryModalProps {
  transport: TransportResponse | null;
  onClose: () => void;
  /** 'created' after create; 'details' for a transport that can no longer be edited. */
  variant?: 'created' | 'details';
}

export function TransportSummaryModal({ transport, onClose, variant = 'details' }: TransportSummaryModalProps) {
  const { t } = useTranslation();
  const isPhone = useIsPhone();
  return (
    <Modal
      opened={transport !== null}
      onClose={onClose}
      size="lg"
      centered
      fullScreen={isPhone}
      title={
        transport
          ? t(`transports.summary.${variant === 'created' ? 'createdTitle' : 'title'}`, { id: transport.id })
          : ''
      }
    >
      {transport && (
        <TransportSummary transport={transport} onClose={onClose}>
          {/* RULES.md "Everything that changes data": the details show the transport's history. */}
          {/* A delivered truck is settled and invoiced from here, with the statement's dialogs. */}
          {variant === 'details' && transport.status === 'DELIVERED' && (
            <TransportSettlement transportId={transport.id} />
          )}
          {variant === 'details' && <TransportHistory transport={transport} />}
        </TransportSummary>
      )}
    </Modal>
  );
}
