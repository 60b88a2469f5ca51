import type { InvoiceDetails } from '@grain/shared';
import { Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconReceiptRefund } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatMoney } from '../../../lib/format';
import { invoicePath } from '../paths';
import { CorrectInvoiceDialog } from './correct-invoice-dialog';
import { InvoiceStatusBadge } from './invoice-status-badge';

/**
 * The invoice's corrections (RULES.md Invoices, VAT and KSeF: an issued invoice is never edited, a correction refers
 * to it): on an invoice the corrections issued, on a correction the invoice it corrects, and "Koryguj".
 */
export function InvoiceCorrectionsPanel({ invoice }: { invoice: InvoiceDetails }) {
  const { t } = useTranslation();
  const [isOpen, setOpen] = useState(false);
  const corrected = invoice.correctedInvoice;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} data-testid="invoice-corrections">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={2} size="h4">
          {t('invoices.correct.section')}
        </Title>
        <Button variant="light" leftSection={<IconReceiptRefund size={16} />} onClick={() => setOpen(true)}>
          {t('invoices.correct.open')}
        </Button>
      </Group>
      <Stack gap={4}>
        {corrected && (
          <Text fz="sm">
            {t('invoices.correct.corrects')}{' '}
            <Anchor component={Link} to={invoicePath(corrected.id)}>
              {corrected.number}
            </Anchor>{' '}
            {t('invoices.correct.ofDate', { date: formatDate(corrected.issueDate) })}
            {invoice.correctionReason && ` — ${invoice.correctionReason}`}
          </Text>
        )}
        {!corrected && invoice.corrections.length === 0 && (
          <Text fz="sm" c="dimmed">
            {t('invoices.correct.none')}
          </Text>
        )}
        {invoice.corrections.map((correction) => (
          <Group key={correction.id} gap="xs" wrap="wrap">
            <Anchor component={Link} to={invoicePath(correction.id)} fz="sm">
              {correction.number}
            </Anchor>
            <Text fz="sm">{formatDate(correction.issueDate)}</Text>
            <Text fz="sm" fw={500}>
              {formatMoney(correction.grossTotal, invoice.currency)}
            </Text>
            <InvoiceStatusBadge status={correction.status} />
          </Group>
        ))}
      </Stack>
      <CorrectInvoiceDialog invoice={invoice} isOpen={isOpen} onClose={() => setOpen(false)} />
    </Paper>
  );
}
