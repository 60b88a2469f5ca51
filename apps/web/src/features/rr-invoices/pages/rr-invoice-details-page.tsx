import '../i18n';
import type { RrInvoice } from '@grain/shared';
import { Button, Center, Group, Loader, Modal, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCash, IconCode, IconFileTypePdf, IconReceiptRefund } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageHeader } from '../../../components/page-header';
import { downloadRrInvoicePdf, downloadRrInvoiceXml, useRrInvoice } from '../api';
import { CorrectRrInvoiceDialog } from '../components/correct-rr-invoice-dialog';
import { PaymentStatusBadge } from '../components/payment-status-badge';
import { RecordPaymentForm } from '../components/record-payment-form';
import { RrInvoiceLines, RrPaymentsPanel } from '../components/rr-invoice-lines';
import { RrInvoiceHeader, RrInvoiceTotals } from '../components/rr-invoice-summary';
import { RR_INVOICES_PATH } from '../paths';

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
  const [isCorrecting, setCorrecting] = useState(false);
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;
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
      <Button variant="light" leftSection={<IconReceiptRefund size={16} />} onClick={() => setCorrecting(true)}>
        {t('rrInvoices.correct.open')}
      </Button>
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
        <RrInvoiceHeader invoice={invoice} />
        <RrInvoiceLines invoice={invoice} />
        <RrInvoiceTotals invoice={invoice} />
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
      <CorrectRrInvoiceDialog invoice={invoice} isOpen={isCorrecting} onClose={() => setCorrecting(false)} />
    </>
  );
}
