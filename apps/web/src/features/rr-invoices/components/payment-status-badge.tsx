import type { RrInvoice } from '@grain/shared';
import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

const COLORS = {
  UNPAID: 'gray',
  PARTIAL: 'yellow',
  CASH: 'orange',
  NOT_QUALIFYING: 'red',
  DEDUCTIBLE: 'green',
} as const;

/** Where the RR invoice's payment stands; DEDUCTIBLE names its month ("odliczenie w okresie RRRR-MM"). */
export function PaymentStatusBadge({ invoice }: { invoice: Pick<RrInvoice, 'paymentStatus' | 'deductibleMonth'> }) {
  const { t } = useTranslation();
  return (
    <Badge
      color={COLORS[invoice.paymentStatus]}
      variant="light"
      maw="100%"
      h="auto"
      py={2}
      styles={{ label: { textTransform: 'none', whiteSpace: 'normal', overflow: 'visible' } }}
    >
      {t(`rrInvoices.statuses.${invoice.paymentStatus}`, { month: invoice.deductibleMonth })}
    </Badge>
  );
}
