import type { RrInvoice } from '@grain/shared';
import { ActionIcon, Anchor, Group, Text, Tooltip } from '@mantine/core';
import { IconCash, IconCloudUpload, IconCode, IconFileTypePdf, IconReceipt } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { showErrorToast } from '../../../api/client';
import type { Column } from '../../../components/list/data-table';
import { showToast } from '../../../components/toasts';
import { formatDate, formatMoney } from '../../../lib/format';
import { downloadRrInvoicePdf, downloadRrInvoiceUpo, downloadRrInvoiceXml, useSendRrToKsef } from '../api';
import { rrInvoicePath } from '../paths';
import { RrKsefStatusBadge } from './ksef-status-badge';
import { PaymentStatusBadge } from './payment-status-badge';

const zl = (minor: number) => formatMoney(minor, 'PLN');

/** The RR invoice list's columns: figures, payment state, KSeF state, and per row the PDF, the XML and a payment. */
export function useRrInvoiceColumns(onPay: (invoice: RrInvoice) => void): Column<RrInvoice>[] {
  const { t } = useTranslation();
  return [
    {
      key: 'number',
      card: 'title',
      isAlwaysShown: true,
      title: t('rrInvoices.number'),
      render: (row) => (
        <Text fw={500}>
          <Anchor component={Link} to={rrInvoicePath(row.id)} fw={500}>
            {row.number}
          </Anchor>
          {row.kind === 'KOR_VAT_RR' && (
            <Text span fz="xs" c="dimmed" display="block">
              {t('rrInvoices.kinds.KOR_VAT_RR')}
            </Text>
          )}
        </Text>
      ),
    },
    { key: 'issueDate', card: 'field', title: t('rrInvoices.issueDate'), render: (row) => formatDate(row.issueDate) },
    {
      key: 'farmer',
      card: 'subtitle',
      title: t('rrInvoices.farmer'),
      render: (row) => <Text fz="sm">{row.farmerName}</Text>,
    },
    { key: 'value', card: 'field', title: t('rrInvoices.value'), align: 'right', render: (row) => zl(row.netTotal) },
    {
      key: 'refund',
      card: 'field',
      title: t('rrInvoices.refund'),
      align: 'right',
      render: (row) => zl(row.refundTotal),
    },
    {
      key: 'total',
      card: 'field',
      title: t('rrInvoices.total'),
      align: 'right',
      render: (row) => <Text fw={600}>{zl(row.grossTotal)}</Text>,
    },
    { key: 'paid', card: 'field', title: t('rrInvoices.paid'), align: 'right', render: (row) => zl(row.paidAmount) },
    {
      key: 'payment',
      card: 'badge',
      title: t('rrInvoices.payment'),
      render: (row) => <PaymentStatusBadge invoice={row} />,
    },
    {
      key: 'ksef',
      card: 'badge',
      title: t('rrInvoices.ksef'),
      render: (row) => <RrKsefStatusBadge invoice={row} />,
    },
    {
      key: 'actions',
      card: 'actions',
      isAlwaysShown: true,
      title: t('common.actions'),
      align: 'right',
      sticky: true,
      render: (row) => <RrInvoiceActions invoice={row} onPay={onPay} />,
    },
  ];
}

/** The KSeF states "Wyślij do KSeF" queues from (the server's send-to-ksef accepts only these). */
const SENDABLE: readonly RrInvoice['ksefStatus'][] = ['ISSUED', 'REJECTED'];

/**
 * Per row: "Wyślij do KSeF" (an FA_RR not yet in KSeF), the UPO once accepted, the PDF, the FA_RR XML (when the
 * farmer has a NIP) and recording a payment.
 */
function RrInvoiceActions({ invoice, onPay }: { invoice: RrInvoice; onPay: (invoice: RrInvoice) => void }) {
  const { t } = useTranslation();
  const send = useSendRrToKsef();
  const sendLabel = t(invoice.ksefStatus === 'REJECTED' ? 'rrInvoices.sendToKsefAgain' : 'rrInvoices.sendToKsef');
  const sendToKsef = async () => {
    const queued = await send.mutateAsync(invoice.id);
    showToast('success', { title: t('rrInvoices.queued', { number: queued.number }) });
  };
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      {invoice.hasXml && SENDABLE.includes(invoice.ksefStatus) && (
        <Tooltip label={sendLabel}>
          <ActionIcon
            variant="light"
            aria-label={`${sendLabel} ${invoice.number}`}
            loading={send.isPending}
            onClick={() => void sendToKsef().catch(() => undefined)}
          >
            <IconCloudUpload size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      {invoice.ksefNumber && (
        <Tooltip label={t('rrInvoices.upo')}>
          <ActionIcon
            variant="light"
            aria-label={`${t('rrInvoices.upo')} ${invoice.number}`}
            onClick={() => void downloadRrInvoiceUpo(invoice).catch(showErrorToast)}
          >
            <IconReceipt size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      <Tooltip label={t('rrInvoices.pdf')}>
        <ActionIcon
          variant="light"
          aria-label={`${t('rrInvoices.pdf')} ${invoice.number}`}
          onClick={() => void downloadRrInvoicePdf(invoice)}
        >
          <IconFileTypePdf size={16} />
        </ActionIcon>
      </Tooltip>
      {invoice.hasXml && (
        <Tooltip label={t('rrInvoices.xml')}>
          <ActionIcon
            variant="light"
            aria-label={`${t('rrInvoices.xml')} ${invoice.number}`}
            onClick={() => void downloadRrInvoiceXml(invoice)}
          >
            <IconCode size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      <Tooltip label={t('rrInvoices.recordPayment')}>
        <ActionIcon
          variant="light"
          color="green"
          aria-label={`${t('rrInvoices.recordPayment')} ${invoice.number}`}
          onClick={() => onPay(invoice)}
        >
          <IconCash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
