import type { TransactionRow, TransactionSortKey } from '@grain/shared';
import { Anchor, Badge, Box, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconTruck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, useListDensity } from '../../../components/list/data-table';
import { QualityLines } from '../../../components/quality-lines';
import { SettlementStatusBadge } from '../../../components/status-badges';
import { formatDate, formatExchangeRate, formatMoney, formatPricePerTonne, formatTonnes } from '../../../lib/format';
import { invoicePath } from '../../invoices';
import { receivedInvoicePath } from '../../received-invoices';
import { plnValueOf, priceLines, qualityLines, quantityLines, valueLines } from '../row-figures';
import { ThreeLineCell } from './three-line-cell';

const invoiceLinkOf = (row: TransactionRow) =>
  row.invoiceId !== null
    ? invoicePath(row.invoiceId)
    : row.receivedInvoiceId !== null
      ? receivedInvoicePath(row.receivedInvoiceId)
      : null;

/** Headers stay on one line; the table scrolls sideways instead. */
const head = (title: string) => <span style={{ whiteSpace: 'nowrap' }}>{title}</span>;

const KIND_COLORS = { PURCHASE: 'teal', SALES: 'indigo', TRANSPORT: 'orange' } as const;

function Small({ children, dimmed }: { children: React.ReactNode; dimmed?: boolean }) {
  return (
    <Text fz="xs" c={dimmed ? 'dimmed' : undefined} style={{ whiteSpace: 'nowrap' }}>
      {children}
    </Text>
  );
}

/**
 * The id over its kind, with the split source beside the id; in compact rows (at most 40 px) the two
 * lines sit without a gap.
 */
function IdTypeCell({ row }: { row: TransactionRow }) {
  const { t } = useTranslation();
  const isCompact = useListDensity() === 'compact';
  const Lines = isCompact ? Group : Stack;
  return (
    <Lines gap={isCompact ? 6 : 4} align={isCompact ? 'center' : 'flex-start'} w="max-content" wrap="nowrap">
      <Group gap={6} wrap="nowrap" align="baseline">
        <Text fw={700} fz="sm">
          #{row.id}
        </Text>
        {row.splitFromId && <Small dimmed>{t('statement.splitFrom', { id: row.splitFromId })}</Small>}
      </Group>
      <Badge size="xs" variant="light" color={KIND_COLORS[row.type]}>
        {t(`statement.kinds.${row.type}`)}
      </Badge>
    </Lines>
  );
}

/** The contractor's code over its name; one line of name in compact rows. */
function ContractorCell({ row }: { row: TransactionRow }) {
  const isCompact = useListDensity() === 'compact';
  if (isCompact) {
    // One line in compact rows: the code, with the name in its title.
    return (
      <Text fw={700} fz="sm" title={row.contractorName ?? undefined} style={{ whiteSpace: 'nowrap' }}>
        {row.contractorCode}
      </Text>
    );
  }
  return (
    <Stack gap={0} maw={200}>
      <Text fw={700} fz="sm">
        {row.contractorCode}
      </Text>
      {row.contractorName && (
        <Text fz="xs" c="dimmed" lineClamp={isCompact ? 1 : 2} title={row.contractorName}>
          {row.contractorName}
        </Text>
      )}
    </Stack>
  );
}

/**
 * The purchase and sales agreement numbers: labelled one over the other, or in compact rows side by side as
 * "ZK/1 · SP/1" with the labels in the title (the statement must fit 1440 px in one-line rows).
 */
function AgreementsCell({ row }: { row: TransactionRow }) {
  const { t } = useTranslation();
  const isCompact = useListDensity() === 'compact';
  const purchase = row.purchaseAgreementDocumentNumber ?? '—';
  const sales = row.salesAgreementDocumentNumber ?? '—';
  if (isCompact) {
    return (
      <Text
        size="sm"
        style={{ whiteSpace: 'nowrap' }}
        title={`${t('statement.purchaseAgreement')} ${purchase}, ${t('statement.salesAgreement')} ${sales}`}
      >
        {purchase} · {sales}
      </Text>
    );
  }
  return (
    <Box style={{ display: 'grid', gridTemplateColumns: 'auto auto', columnGap: 6, alignItems: 'baseline' }}>
      <Text fz="xs" c="dimmed">
        {t('statement.purchaseAgreement')}
      </Text>
      <Small>{purchase}</Small>
      <Text fz="xs" c="dimmed">
        {t('statement.salesAgreement')}
      </Text>
      <Small>{sales}</Small>
    </Box>
  );
}

/** spec/1 Transaction statement: the columns, sortable by the listed keys only (TRANSACTION_SORT_KEYS). */
export function useStatementColumns(
  renderActions: (row: TransactionRow) => React.ReactNode,
  renderCardActions?: (row: TransactionRow) => React.ReactNode,
): Column<TransactionRow, TransactionSortKey>[] {
  const { t } = useTranslation();
  const money = (row: TransactionRow) => (minor: number) => formatMoney(minor, row.currency);
  const text = (value: string | null) => value ?? '—';

  return [
    {
      key: 'id',
      card: 'title',
      isAlwaysShown: true,
      title: head(t('statement.columns.idType')),
      sortKey: 'id',
      render: (row) => <IdTypeCell row={row} />,
    },
    {
      key: 'agreements',
      card: 'field',
      title: head(t('statement.columns.agreements')),
      render: (row) => <AgreementsCell row={row} />,
    },
    {
      key: 'status',
      card: 'badge',
      title: head(t('statement.columns.status')),
      // max-content: the badge would rather shrink to an ellipsis than widen the column.
      render: (row) => (
        <Box w="max-content">
          <SettlementStatusBadge status={row.status} />
        </Box>
      ),
    },
    {
      key: 'contractor',
      card: 'subtitle',
      title: head(t('statement.columns.contractor')),
      sortKey: 'contractor_code',
      render: (row) => <ContractorCell row={row} />,
    },
    {
      key: 'transportId',
      title: head(t('statement.columns.transportId')),
      sortKey: 'transport_id',
      // A truck before the bare number: the transport's id never takes the transaction's "#" look.
      render: (row) => (
        <Group gap={4} wrap="nowrap" title={t('statement.transportOf', { id: row.transportId })}>
          <IconTruck size={14} aria-hidden />
          <Text fz="sm">{row.transportId}</Text>
        </Group>
      ),
    },
    {
      key: 'car',
      isHiddenByDefault: true,
      title: head(t('statement.columns.car')),
      sortKey: 'registration_number',
      render: (row) => <Small>{text(row.registrationNumber)}</Small>,
    },
    {
      key: 'trailer',
      isHiddenByDefault: true,
      title: head(t('statement.columns.trailer')),
      sortKey: 'trailer_number',
      render: (row) => <Small>{text(row.trailerNumber)}</Small>,
    },
    {
      key: 'quality',
      isHiddenByDefault: true,
      title: head(t('statement.columns.quality')),
      render: (row) => <ThreeLineCell lines={qualityLines(row)} format={(title) => title} align="left" />,
    },
    {
      key: 'quantity',
      card: 'field',
      title: head(t('statement.columns.quantity')),
      align: 'right',
      render: (row) => <ThreeLineCell lines={quantityLines(row)} format={formatTonnes} />,
    },
    {
      key: 'price',
      card: 'field',
      title: head(t('statement.columns.price')),
      align: 'right',
      render: (row) => (
        <ThreeLineCell lines={priceLines(row)} format={(minor) => formatPricePerTonne(minor, row.currency)} />
      ),
    },
    {
      key: 'value',
      card: 'field',
      title: head(t('statement.columns.value')),
      align: 'right',
      render: (row) => <ThreeLineCell lines={valueLines(row)} format={money(row)} />,
    },
    {
      key: 'plnValue',
      isHiddenByDefault: true,
      title: head(t('statement.columns.plnValue')),
      align: 'right',
      render: (row) => {
        const pln = plnValueOf(row);
        return (
          <Stack gap={0} align="flex-end">
            <Text fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {pln === null ? '' : formatMoney(pln, 'PLN')}
            </Text>
            {row.currency !== 'PLN' && (
              <Small dimmed>
                {row.exchangeRate
                  ? t('statement.rate', { rate: formatExchangeRate(row.exchangeRate) })
                  : t('statement.noRate')}
              </Small>
            )}
          </Stack>
        );
      },
    },
    {
      // RULES.md Invoices, VAT and KSeF: the row's own line VAT, for information.
      key: 'vat',
      isHiddenByDefault: true,
      title: head(t('statement.columns.vat')),
      align: 'right',
      render: (row) => (
        <Stack gap={0} align="flex-end">
          <Small>{formatMoney(row.netValue, row.currency)}</Small>
          <Small dimmed>
            {row.vatRate === null || row.vatValue === null
              ? t('statement.noVatRate')
              : t('statement.vatLine', { rate: row.vatRate, vat: formatMoney(row.vatValue, row.currency) })}
          </Small>
          {row.grossValue !== null && (
            <Text fz="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
              {formatMoney(row.grossValue, row.currency)}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'deductions',
      isHiddenByDefault: true,
      title: head(t('statement.columns.deductions')),
      align: 'right',
      render: (row) => (
        <Stack gap={0} align="flex-end">
          <Small>{formatMoney(row.deductions, row.currency)}</Small>
          {row.surcharges > 0 && (
            <Small dimmed>{t('statement.surcharges', { value: formatMoney(row.surcharges, row.currency) })}</Small>
          )}
          {row.qualitySettlement && <QualityLines settlement={row.qualitySettlement} currency={row.currency} />}
        </Stack>
      ),
    },
    {
      key: 'details',
      isHiddenByDefault: true,
      title: head(t('statement.columns.details')),
      render: (row) =>
        row.details ? (
          <Tooltip label={row.details} multiline maw={320} openDelay={300}>
            <Text fz="xs" lineClamp={3} maw={180}>
              {row.details}
            </Text>
          </Tooltip>
        ) : (
          <Small dimmed>—</Small>
        ),
    },
    {
      key: 'dateLoading',
      isHiddenByDefault: true,
      title: head(t('statement.columns.dateLoading')),
      sortKey: 'date_loading',
      render: (row) => <Small>{formatDate(row.dateLoading)}</Small>,
    },
    {
      key: 'dateUnloading',
      isHiddenByDefault: true,
      title: head(t('statement.columns.dateUnloading')),
      sortKey: 'date_unloading',
      render: (row) => <Small>{formatDate(row.dateUnloading)}</Small>,
    },
    {
      key: 'paymentDate',
      isHiddenByDefault: true,
      title: head(t('statement.columns.paymentDate')),
      sortKey: 'payment_date',
      render: (row) => <Small>{formatDate(row.paymentDate)}</Small>,
    },
    {
      // The key of the former combined column, so saved views that show it keep the invoice number.
      key: 'invoice',
      isHiddenByDefault: true,
      title: head(t('statement.columns.invoice')),
      sortKey: 'invoice_number',
      render: (row) => {
        const link = invoiceLinkOf(row);
        // An invoice issued here or filled by a received invoice's match opens its screen; a number typed by hand
        // stays text (RULES.md Invoices, VAT and KSeF).
        return link && row.invoiceNumber ? (
          <Anchor component={Link} to={link} fz="xs" style={{ whiteSpace: 'nowrap' }}>
            {row.invoiceNumber}
          </Anchor>
        ) : (
          <Small>{text(row.invoiceNumber)}</Small>
        );
      },
    },
    {
      key: 'invoiceDate',
      isHiddenByDefault: true,
      title: head(t('statement.columns.invoiceDate')),
      sortKey: 'invoice_date',
      render: (row) => <Small>{formatDate(row.invoiceDate)}</Small>,
    },
    {
      key: 'accountingMethod',
      isHiddenByDefault: true,
      title: head(t('statement.columns.accountingMethod')),
      render: (row) => (row.accountingMethod ? t(`statement.accountingMethods.${row.accountingMethod}`) : '—'),
    },
    {
      key: 'actions',
      card: 'actions',
      isAlwaysShown: true,
      title: head(t('common.actions')),
      align: 'right',
      sticky: true,
      render: renderActions,
      cardRender: renderCardActions,
    },
  ];
}
