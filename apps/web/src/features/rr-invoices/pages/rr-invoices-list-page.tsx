import '../i18n';
import { RR_PAYMENT_STATUSES, type RrInvoice } from '@grain/shared';
import { ActionIcon, Box, Group, Modal, Text, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconCash, IconCode, IconFileTypePdf } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../../components/list/data-table';
import { SearchListPage } from '../../../components/list/search-list-page';
import { StatusChips } from '../../../components/list/status-chips';
import { useListState } from '../../../components/list/use-list-state';
import { formatDate, formatMoney } from '../../../lib/format';
import { downloadRrInvoicePdf, downloadRrInvoiceXml, toRrInvoiceFilter, useRrInvoiceList } from '../api';
import { PaymentStatusBadge } from '../components/payment-status-badge';
import { RecordPaymentForm } from '../components/record-payment-form';

const zl = (minor: number) => formatMoney(minor, 'PLN');

/**
 * The VAT RR invoices issued here, newest first (RULES.md Invoices, VAT and KSeF, VAT RR): unpaid, paid in part, paid
 * in cash (not deductible), deductible per month; the PDF, the FA_RR XML and recording a payment per row.
 */
export function Page() {
  const { t } = useTranslation();
  const list = useListState({ orderBy: 'id:desc' });
  const query = useRrInvoiceList(list);
  const [paying, setPaying] = useState<RrInvoice | null>(null);
  const isPhone = useMediaQuery('(max-width: 48em)') ?? false;

  const actions = (row: RrInvoice) => (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label={t('rrInvoices.pdf')}>
        <ActionIcon
          variant="light"
          aria-label={`${t('rrInvoices.pdf')} ${row.number}`}
          onClick={() => void downloadRrInvoicePdf(row)}
        >
          <IconFileTypePdf size={16} />
        </ActionIcon>
      </Tooltip>
      {row.hasXml && (
        <Tooltip label={t('rrInvoices.xml')}>
          <ActionIcon
            variant="light"
            aria-label={`${t('rrInvoices.xml')} ${row.number}`}
            onClick={() => void downloadRrInvoiceXml(row)}
          >
            <IconCode size={16} />
          </ActionIcon>
        </Tooltip>
      )}
      <Tooltip label={t('rrInvoices.recordPayment')}>
        <ActionIcon
          variant="light"
          color="green"
          aria-label={`${t('rrInvoices.recordPayment')} ${row.number}`}
          onClick={() => setPaying(row)}
        >
          <IconCash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );

  const columns: Column<RrInvoice>[] = [
    {
      key: 'number',
      card: 'title',
      isAlwaysShown: true,
      title: t('rrInvoices.number'),
      render: (row) => <Text fw={500}>{row.number}</Text>,
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
      render: actions,
    },
  ];

  return (
    <>
      <SearchListPage
        title={t('rrInvoices.title')}
        listKey="rr-invoices"
        searchPlaceholder={t('rrInvoices.searchPlaceholder')}
        list={list}
        query={query}
        columns={columns}
        filters={
          <Box mb="md">
            <StatusChips
              statuses={RR_PAYMENT_STATUSES}
              value={toRrInvoiceFilter(list.filter).paymentStatus ?? []}
              onChange={(paymentStatus) => list.setFilter({ ...list.filter, paymentStatus })}
              labelOf={(status) => t(`rrInvoices.statusChips.${status}`)}
            />
          </Box>
        }
      />
      <Modal
        opened={paying !== null}
        onClose={() => setPaying(null)}
        centered
        size="lg"
        fullScreen={isPhone}
        title={paying ? t('rrInvoices.paymentTitle', { number: paying.number }) : ''}
      >
        {paying && <RecordPaymentForm invoice={paying} onDone={() => setPaying(null)} />}
      </Modal>
    </>
  );
}
