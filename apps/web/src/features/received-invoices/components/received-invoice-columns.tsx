import { formatDate, formatMoney, type ReceivedInvoice, type ReceivedInvoiceStatus } from '@grain/shared';
import { Anchor, Badge, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { Column } from '../../../components/list/data-table';

const COLORS: Record<ReceivedInvoiceStatus, string> = {
  MATCHED: 'green',
  TO_ASSIGN: 'blue',
  DIFFERENCE: 'orange',
  HIDDEN: 'gray',
};

export function ReceivedStatusBadge({ status }: { status: ReceivedInvoiceStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLORS[status]} variant="light" styles={{ label: { textTransform: 'none' } }}>
      {t(`receivedInvoices.statuses.${status}`)}
    </Badge>
  );
}

/** The received-invoice list's columns; the number opens the invoice with its rows. */
export function useReceivedInvoiceColumns(onOpen: (invoice: ReceivedInvoice) => void): Column<ReceivedInvoice>[] {
  const { t } = useTranslation();
  const money = (row: ReceivedInvoice, minor: number | null) => formatMoney(minor, row.currency ?? 'PLN');
  return [
    {
      key: 'number',
      card: 'title',
      isAlwaysShown: true,
      title: t('receivedInvoices.number'),
      render: (row) => (
        <Anchor
          component="button"
          type="button"
          fw={500}
          aria-label={t('receivedInvoices.open', { number: row.number ?? row.ksefNumber })}
          onClick={() => onOpen(row)}
        >
          {row.number ?? row.ksefNumber}
        </Anchor>
      ),
    },
    {
      key: 'issueDate',
      card: 'field',
      title: t('receivedInvoices.issueDate'),
      render: (row) => formatDate(row.issueDate),
    },
    {
      key: 'seller',
      card: 'subtitle',
      title: t('receivedInvoices.seller'),
      render: (row) => (
        <Text fz="sm">
          {row.contractorCode ?? row.sellerName ?? '—'} {row.sellerNip ? `(NIP ${row.sellerNip})` : ''}
        </Text>
      ),
    },
    {
      key: 'net',
      card: 'field',
      title: t('receivedInvoices.net'),
      align: 'right',
      render: (row) => money(row, row.netTotal),
    },
    {
      key: 'rowsNet',
      card: 'field',
      title: t('receivedInvoices.rowsNet'),
      align: 'right',
      render: (row) => (row.transactionIds.length ? money(row, row.rowsNetTotal) : '—'),
    },
    {
      key: 'gross',
      card: 'field',
      title: t('receivedInvoices.gross'),
      align: 'right',
      render: (row) => <Text fw={600}>{money(row, row.grossTotal)}</Text>,
    },
    {
      key: 'status',
      card: 'badge',
      isAlwaysShown: true,
      title: t('receivedInvoices.status'),
      render: (row) => <ReceivedStatusBadge status={row.status} />,
    },
  ];
}
