import type { InvoiceDetails, InvoiceStatus } from '@grain/shared';
import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** The colour of each KSeF state: grey before sending, blue on the way, green accepted, red rejected, orange offline. */
const KSEF_COLORS: Record<InvoiceStatus, string> = {
  ISSUED: 'gray',
  QUEUED: 'blue',
  SENT: 'cyan',
  ACCEPTED: 'green',
  REJECTED: 'red',
  OFFLINE: 'orange',
};

/** The statuses from which the invoice can be queued (the server's send-to-ksef accepts only these). */
export const SENDABLE_STATUSES: readonly InvoiceStatus[] = ['ISSUED', 'REJECTED'];

/** Why "Wyślij do KSeF" is disabled, as the text shown under it; null when the invoice can be sent. */
export function sendBlockerKey(status: InvoiceStatus): string | null {
  return SENDABLE_STATUSES.includes(status) ? null : `invoices.ksef.cannotSend.${status}`;
}

export function KsefStatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={KSEF_COLORS[status]} variant="light" style={{ minWidth: 'max-content' }} data-testid="ksef-status">
      {t(`invoices.ksef.statuses.${status}`)}
    </Badge>
  );
}

/**
 * The invoice on its way to KSeF (RULES.md Invoices, VAT and KSeF): its state, the KSeF number once accepted, KSeF's
 * reason for a rejection (or the last failed try while it is retried), and why sending or the UPO is not possible.
 */
export function KsefPanel({ invoice }: { invoice: InvoiceDetails }) {
  const { t } = useTranslation();
  const sendBlocker = sendBlockerKey(invoice.status);
  const isRejected = invoice.status === 'REJECTED';
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} data-testid="ksef-panel">
      <Title order={2} size="h4" mb="md">
        {t('invoices.ksef.title')}
      </Title>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <div>
            <Text size="sm" c="dimmed">
              {t('invoices.ksef.status')}
            </Text>
            <Group gap="xs" mt={4}>
              <KsefStatusBadge status={invoice.status} />
            </Group>
          </div>
          <div>
            <Text size="sm" c="dimmed">
              {t('invoices.ksefNumber')}
            </Text>
            <Text fw={500} ff="monospace" style={{ overflowWrap: 'anywhere' }} data-testid="ksef-number">
              {invoice.ksefNumber ?? t('invoices.noKsefNumber')}
            </Text>
          </div>
        </SimpleGrid>
        {invoice.ksefError && (
          <Alert
            color={isRejected ? 'red' : 'yellow'}
            title={t(isRejected ? 'invoices.ksef.rejectionReason' : 'invoices.ksef.lastError')}
            data-testid="ksef-error"
          >
            <Text fz="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
              {invoice.ksefError}
            </Text>
          </Alert>
        )}
        {sendBlocker && (
          <Text fz="sm" c="dimmed" id="ksef-send-blocker">
            {t(sendBlocker)}
          </Text>
        )}
        {invoice.ksefNumber === null && (
          <Text fz="sm" c="dimmed" id="ksef-upo-blocker">
            {t('invoices.ksef.noUpo')}
          </Text>
        )}
      </Stack>
    </Paper>
  );
}
