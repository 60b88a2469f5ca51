import { formatMoney, type ReceivedInvoiceDetails } from '@grain/shared';
import { Anchor, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { receivedInvoicePath } from '../paths';

/**
 * A received correction and the invoice it corrects, linked both ways (RULES.md Invoices, VAT and KSeF): on a
 * correction the original's totals, the difference (the correction's own totals) and the totals after it; on an
 * invoice the corrections received for it.
 */
export function ReceivedCorrections({ invoice }: { invoice: ReceivedInvoiceDetails }) {
  const { t } = useTranslation();
  const money = (minor: number | null) => formatMoney(minor, invoice.currency ?? 'PLN');
  const corrected = invoice.correctedInvoice;
  if (!corrected && invoice.corrections.length === 0) return null;
  const link = (ref: { id: number; number: string | null }) => (
    <Anchor component={Link} to={receivedInvoicePath(ref.id)} fz="sm">
      {ref.number ?? `#${ref.id}`}
    </Anchor>
  );
  const plus = (a: number | null, b: number | null) => (a === null || b === null ? null : a + b);
  return (
    <Stack gap={4} data-testid="received-corrections">
      {corrected && (
        <>
          <Text fz="sm">
            {t('receivedInvoices.corrects')} {link(corrected)}
          </Text>
          <Text fz="sm">
            {t('receivedInvoices.correctionFigures', {
              beforeNet: money(corrected.netTotal),
              beforeGross: money(corrected.grossTotal),
              differenceNet: money(invoice.netTotal),
              differenceGross: money(invoice.grossTotal),
              afterNet: money(plus(corrected.netTotal, invoice.netTotal)),
              afterGross: money(plus(corrected.grossTotal, invoice.grossTotal)),
            })}
          </Text>
        </>
      )}
      {invoice.corrections.map((correction) => (
        <Text key={correction.id} fz="sm">
          {t('receivedInvoices.correctedBy')} {link(correction)}:{' '}
          {t('receivedInvoices.correctionDifference', {
            net: money(correction.netTotal),
            gross: money(correction.grossTotal),
          })}
        </Text>
      ))}
    </Stack>
  );
}
