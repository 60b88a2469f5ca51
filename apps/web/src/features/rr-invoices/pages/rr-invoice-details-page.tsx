import '../i18n';
import { formatPolishAccount, type RrInvoice } from '@grain/shared';
import { Box, Button, Center, Group, Loader, Modal, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCash, IconCode, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { formatDate, formatMoney } from '../../../lib/format';
import { downloadRrInvoicePdf, downloadRrInvoiceXml, useRrInvoice } from '../api';
import { PaymentStatusBadge } from '../components/payment-status-badge';
import { RecordPaymentForm } from '../components/record-payment-form';
import { Field, RrInvoiceLines, RrPaymentsPanel } from '../components/rr-invoice-lines';
import { RR_INVOICES_PATH } from '../paths';

const zl = (minor: number) => formatMoney(minor, 'PLN');

/**
 * One VAT RR invoice as issued (RULES.md Invoices, VAT and KSeF, VAT RR): header, farmer, lines, refund, totals, the
 * payments to the farmer and the month the refund is deducted in ("odliczenie w okresie RRRR-MM").
 */
export function Page() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const query = useRrInvoice(id);
  if (query.isPending && Number.isInteger(id) && id > 0) {
    return (
      <Center py="xl">
        <Loader />
      </Center>
    );
  }
  if (!query.data) {
    const notFound = t('rrInvoices.details.notFound');
    return (
      <PageHeader
        crumbs={[{ label: t('rrInvoices.title'), to: RR_INVOICES_PATH }, { label: notFound }]}
        title={notFound}
      />
    );
  }
  return <RrInvoiceScreen invoice={query.data} />;
}

function RrInvoiceScreen({ invoice }: { invoice: RrInvoice }) {
  const { t } = useTranslation();
  const [isPaying, setPaying] = useState(false);
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
  const purchase =
    invoice.purchaseDateFrom === invoice.purchaseDateTo
      ? formatDate(invoice.purchaseDateFrom)
      : `${formatDate(invoice.purchaseDateFrom)} – ${formatDate(invoice.purchaseDateTo)}`;
  const actions = (
    <Group gap="xs">
      <Button
        variant="default"
        leftSection={<IconFileTypePdf size={16} />}
        onClick={() => void downloadRrInvoicePdf(invoice)}
      >
        {t('rrInvoices.pdf')}
      </Button>
      {invoice.hasXml && (
        <Button
          variant="default"
          leftSection={<IconCode size={16} />}
          onClick={() => void downloadRrInvoiceXml(invoice)}
        >
          {t('rrInvoices.xml')}
        </Button>
      )}
      <Button color="green" leftSection={<IconCash size={16} />} onClick={() => setPaying(true)}>
        {t('rrInvoices.recordPayment')}
      </Button>
    </Group>
  );
  return (
    <>
      <PageHeader
        crumbs={[{ label: t('rrInvoices.title'), to: RR_INVOICES_PATH }, { label: invoice.number }]}
        title={t('rrInvoices.details.heading', { number: invoice.number })}
        badge={<PaymentStatusBadge invoice={invoice} />}
        actions={actions}
      />
      <Stack gap="lg">
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
        <RrInvoiceLines invoice={invoice} />
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
        <RrPaymentsPanel invoice={invoice} />
      </Stack>
      <Modal
        opened={isPaying}
        onClose={() => setPaying(false)}
        centered
        size="lg"
        fullScreen={isPhone}
        title={t('rrInvoices.paymentTitle', { number: invoice.number })}
      >
        {isPaying && <RecordPaymentForm invoice={invoice} onDone={() => setPaying(false)} />}
      </Modal>
    </>
  );
}
