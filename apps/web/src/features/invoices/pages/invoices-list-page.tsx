import '../i18n';
import { INVOICE_STATUSES, type Invoice, type InvoiceSortKey } from '@grain/shared';
import { Anchor, Box, Text } from '@mantine/core';
import { IconEye } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Column } from '../../../components/list/data-table';
import { ExportButton } from '../../../components/list/export-button';
import { rowLinkColumn, SearchListPage } from '../../../components/list/search-list-page';
import { StatusChips } from '../../../components/list/status-chips';
import { useListState } from '../../../components/list/use-list-state';
import { formatDate, formatMoney } from '../../../lib/format';
import { exportInvoices, toInvoiceFilter, useInvoiceList } from '../api';
import { InvoiceStatusBadge } from '../components/invoice-status-badge';
import { invoicePath } from '../paths';

/**
 * The sales invoices issued here, newest first: search by number, KSeF number or buyer and status chips (both on the
 * server), an export of what they find; a row opens its details.
 */
export function Page() {
  const { t } = useTranslation();
  const list = useListState({ orderBy: 'id:desc' });
  const query = useInvoiceList(list);

  const columns: Column<Invoice, InvoiceSortKey>[] = [
    {
      key: 'number',
      card: 'title',
      isAlwaysShown: true,
      title: t('invoices.number'),
      sortKey: 'number',
      render: (row) => (
        <Anchor component={Link} to={invoicePath(row.id)} fw={500}>
          {row.number}
        </Anchor>
      ),
    },
    {
      key: 'issueDate',
      card: 'field',
      title: t('invoices.issueDate'),
      sortKey: 'issue_date',
      render: (row) => formatDate(row.issueDate),
    },
    {
      key: 'buyerName',
      card: 'subtitle',
      title: t('invoices.buyer'),
      sortKey: 'buyer_name',
      render: (row) => <Text fz="sm">{row.buyerName}</Text>,
    },
    { key: 'buyerNip', card: 'field', title: t('invoices.nip'), render: (row) => row.buyerNip },
    {
      key: 'netTotal',
      card: 'field',
      title: t('invoices.net'),
      align: 'right',
      render: (row) => formatMoney(row.netTotal, row.currency),
    },
    {
      key: 'vatTotal',
      card: 'field',
      title: t('invoices.vat'),
      align: 'right',
      render: (row) => formatMoney(row.vatTotal, row.currency),
    },
    {
      key: 'grossTotal',
      card: 'field',
      title: t('invoices.gross'),
      align: 'right',
      render: (row) => <Text fw={600}>{formatMoney(row.grossTotal, row.currency)}</Text>,
    },
    { key: 'currency', card: 'field', title: t('invoices.currency'), render: (row) => row.currency },
    {
      key: 'ksefNumber',
      card: 'field',
      // 35 characters: shown on choice, so the default columns still fit 1440 px (CONTRIBUTING.md Lists).
      isHiddenByDefault: true,
      title: t('invoices.ksefNumber'),
      render: (row) => (
        <Text fz="xs" ff="monospace" style={{ whiteSpace: 'nowrap' }}>
          {row.ksefNumber ?? '—'}
        </Text>
      ),
    },
    {
      key: 'status',
      card: 'badge',
      title: t('invoices.status'),
      render: (row) => (
        <Box>
          <InvoiceStatusBadge status={row.status} />
          {/* offline24 (RULES.md Invoices, VAT and KSeF): the day it must reach KSeF by, red once passed. */}
          {row.status === 'OFFLINE' && row.offlineDeadline && (
            <Text size="xs" c={row.isOfflineOverdue ? 'red' : 'dimmed'} data-testid="offline-deadline">
              {t(row.isOfflineOverdue ? 'invoices.offlineOverdue' : 'invoices.offlineDeadline', {
                date: formatDate(row.offlineDeadline),
              })}
            </Text>
          )}
        </Box>
      ),
    },
    rowLinkColumn({
      title: t('common.actions'),
      label: t('invoices.open'),
      icon: <IconEye size={16} />,
      to: (row) => invoicePath(row.id),
      name: (row) => row.number,
    }),
  ];

  return (
    <SearchListPage
      title={t('invoices.title')}
      listKey="invoices"
      searchPlaceholder={t('invoices.searchPlaceholder')}
      list={list}
      query={query}
      columns={columns}
      actions={<ExportButton exportFile={() => exportInvoices(list)} />}
      filters={
        <Box mb="md">
          <StatusChips
            statuses={INVOICE_STATUSES}
            value={toInvoiceFilter(list.filter).status ?? []}
            onChange={(status) => list.setFilter({ ...list.filter, status })}
            labelOf={(status) => t(`invoices.statuses.${status}`)}
          />
        </Box>
      }
    />
  );
}
