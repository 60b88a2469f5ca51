import { formatPolishAccount, type RrInvoice } from '@grain/shared';
import { Box, Paper, SimpleGrid, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatMoney } from '../../../lib/format';
import { Field } from './rr-invoice-lines';

const zl = (minor: number) => formatMoney(minor, 'PLN');

/** The invoice's header: dates, payment form, KSeF state and the farmer as issued. */
export function RrInvoiceHeader({ invoice }: { invoice: RrInvoice }) {
  const { t } = useTranslation();
  const purchase =
    invoice.purchaseDateFrom === invoice.purchaseDateTo
      ? formatDate(invoice.purchaseDateFrom)
      : `${formatDate(invoice.purchaseDateFrom)} – ${formatDate(invoice.purchaseDateTo)}`;
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
      <Title order={2} size="h4" mb="md">
        {t('rrInvoices.details.header')}
      </Title>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <Field label={t('rrInvoices.issueDate')}>{formatDate(invoice.issueDate)}</Field>
        <Field label={t('rrInvoices.details.purchaseDates')}>{purchase}</Field>
        <Field label={t('rrInvoices.details.paymentForm')}>{t('rrInvoices.methods.TRANSFER')}</Field>
        <Field label={t('rrInvoices.ksef')}>{t(`rrInvoices.ksefStatuses.${invoice.ksefStatus}`)}</Field>
        <Field label={t('rrInvoices.farmer')}>{invoice.farmerName}</Field>
        <Field label={invoice.farmerNip ? 'NIP' : 'PESEL'}>{invoice.farmerNip ?? invoice.farmerPesel}</Field>
        <Field label={t('rrInvoices.account')}>{formatPolishAccount(invoice.farmerAccount)}</Field>
        <Field label={t('rrInvoices.details.refundRate')}>{invoice.refundRatePercent} %</Field>
      </SimpleGrid>
    </Paper>
  );
}

/** Totals with the refund, the amount in words, and where the deduction stands ("odliczenie w okresie RRRR-MM"). */
export function RrInvoiceTotals({ invoice }: { invoice: RrInvoice }) {
  const { t } = useTranslation();
  return (
    <>
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <Title order={2} size="h4" mb="md">
          {t('rrInvoices.details.totals')}
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
          <Field label={t('rrInvoices.value')}>{zl(invoice.netTotal)}</Field>
          <Field label={t('rrInvoices.refund')}>{zl(invoice.refundTotal)}</Field>
          <Field label={t('rrInvoices.total')}>{zl(invoice.grossTotal)}</Field>
          <Field label={t('rrInvoices.paid')}>{zl(invoice.paidAmount)}</Field>
        </SimpleGrid>
        <Box mt="md">
          <Field label={t('rrInvoices.details.inWords')}>{invoice.totalInWords}</Field>
        </Box>
      </Paper>
      <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
        <Title order={2} size="h4" mb="md">
          {t('rrInvoices.details.deduction')}
        </Title>
        <Field label={t('rrInvoices.payment')}>
          <span data-testid="rr-deduction">
            {t(`rrInvoices.statuses.${invoice.paymentStatus}`, { month: invoice.deductibleMonth })}
          </span>
        </Field>
      </Paper>
    </>
  );
}
