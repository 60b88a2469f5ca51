import type { RrInvoice } from '@grain/shared';
import { ActionIcon, Anchor, Group, Text, Tooltip } from '@mantine/core';
import { IconCash, IconCode, IconFileTypePdf } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Column } from '../../../components/list/data-table';
import { formatDate, formatMoney } from '../../../lib/format';
import { downloadRrInvoicePdf, downloadRrInvoiceXml } from '../api';
import { rrInvoicePath } from '../paths';
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
        <Anchor component={Link} to={rrInvoicePath(row.id)} fw={500}>
          {row.number}
        </Anchor>
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
      card: 'field',
      title: t('rrInvoices.ksef'),
      render: (row) => t(`rrInvoices.ksefStatuses.${row.ksefStatus}`),
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

/** Per row: the PDF, the FA_RR XML (when the farmer has a NIP) and recording a payment. */
function RrInvoiceActions({ invoice, onPay }: { invoice: RrInvoice; onPay: (invoice: RrInvoice) => void }) {
  const { t } = useTranslation();
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
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
