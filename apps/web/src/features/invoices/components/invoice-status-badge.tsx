import type { InvoiceStatus } from '@grain/shared';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS: Record<InvoiceStatus, string> = {
  ISSUED: 'blue',
  QUEUED: 'cyan',
  SENT: 'yellow',
  ACCEPTED: 'green',
  REJECTED: 'red',
  OFFLINE: 'gray',
};

/** An invoice's place on its way to KSeF (RULES.md Invoices, VAT and KSeF). */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const { t } = useTranslation();
  return (
    // The whole word, never cut to "WYS…" by a narrow column.
    <Badge color={COLORS[status]} variant="light" style={{ minWidth: 'max-content' }}>
      {t(`invoices.statuses.${status}`)}
    </Badge>
  );
}
