import type { RrInvoice } from '@grain/shared';
import { Badge, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** As the sales invoice's KSeF badge: grey before sending, blue on the way, green accepted, red rejected, orange offline. */
const KSEF_COLORS: Record<RrInvoice['ksefStatus'], string> = {
  ISSUED: 'gray',
  QUEUED: 'blue',
  SENT: 'cyan',
  ACCEPTED: 'green',
  REJECTED: 'red',
  OFFLINE: 'orange',
};

/** The RR invoice's way to KSeF (RULES.md Invoices, VAT and KSeF), with the KSeF number once KSeF has given it. */
export function RrKsefStatusBadge({ invoice }: { invoice: RrInvoice }) {
  const { t } = useTranslation();
  return (
    <Stack gap={2} align="flex-start">
      <Badge
        color={KSEF_COLORS[invoice.ksefStatus]}
        variant="light"
        style={{ minWidth: 'max-content' }}
        data-testid="rr-ksef-status"
      >
        {t(`rrInvoices.ksefStatuses.${invoice.ksefStatus}`)}
      </Badge>
      {invoice.ksefNumber && (
        <Text fz="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
          {t('rrInvoices.ksefNumber', { number: invoice.ksefNumber })}
        </Text>
      )}
    </Stack>
  );
}
