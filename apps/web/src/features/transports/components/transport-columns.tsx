import type { TransportResponse, TransportSortKey } from '@grain/shared';
import { Group, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { type Column, useListDensity } from '../../../components/list/data-table';
import { formatDate, formatMoney, formatPricePerTonne, formatTonnes } from '../../../lib/format';
import { ContractorCode } from '../../contractors';
import { deductionsText } from '../deductions';
import { ContractFlagsCell, TransportGmpCell } from './gmp-cells';
import { RealPlanned, TwoLines } from './real-planned';

export type TransportColumnKey =
  | 'statusId'
  | 'purchaseDocument'
  | 'quality'
  | 'supplier'
  | 'shipping'
  | 'comment'
  | 'carrier'
  | 'car'
  | 'trailer'
  | 'driver'
  | 'quantity'
  | 'price'
  | 'value'
  | 'deductions'
  | 'unloading'
  | 'recipient'
  | 'salesDocument'
  | 'flags'
  | 'gmp'
  | 'actions';

interface ColumnsOptions {
  statusCell: (row: TransportResponse) => ReactNode;
  actionsCell: (row: TransportResponse) => ReactNode;
  /** The actions on a phone card: the main one labelled, the others in a menu. */
  actionsCardCell?: (row: TransportResponse) => ReactNode;
  /** Columns a contract dashboard leaves out (its own side is the same on every row). */
  hidden?: readonly TransportColumnKey[];
}

/** The carrier's code over its name; the name in a title in compact rows (one line high). */
/** The status control over the id; side by side in compact rows (at most 40 px). */
function StatusIdCell({ id, status }: { id: number; status: ReactNode }) {
  const isCompact = useListDensity() === 'compact';
  const idText = (
    <Text size="xs" c="dimmed">
      #{id}
    </Text>
  );
  if (isCompact) {
    return (
      // max-content: the badge would rather shrink to an ellipsis than widen the column.
      <Group gap={6} wrap="nowrap" style={{ minWidth: 'max-content' }}>
        {idText}
        {status}
      </Group>
    );
  }
  return (
    <Stack gap={2} align="flex-start" miw={120}>
      {status}
      {idText}
    </Stack>
  );
}

const money = (minor: number | null, currency: string) => (minor === null ? null : formatMoney(minor, currency));

/** spec/1 Logistics columns, in the spec's order; real figures over the planned ones. */
export function useTransportColumns({ statusCell, actionsCell, actionsCardCell, hidden = [] }: ColumnsOptions) {
  const { t } = useTranslation();
  const c = (key: TransportColumnKey) => t(`transports.columns.${key}`);
  const columns: (Column<TransportResponse, TransportSortKey> & { key: TransportColumnKey })[] = [
    {
      key: 'statusId',
      card: 'badge',
      title: c('statusId'),
      sortKey: 'id',
      render: (row) => <StatusIdCell id={row.id} status={statusCell(row)} />,
    },
    {
      key: 'purchaseDocument',
      card: 'title',
      isAlwaysShown: true,
      title: c('purchaseDocument'),
      sortKey: 'purchase_document_number',
      render: (row) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {row.purchaseSupplier.documentNumber}
        </Text>
      ),
    },
    {
      key: 'quality',
      isHiddenByDefault: true,
      title: c('quality'),
      render: (row) => <RealPlanned real={row.realCargoQualityTitle} planned={row.purchaseQualityTitle} />,
    },
    {
      key: 'supplier',
      card: 'subtitle',
      title: c('supplier'),
      sortKey: 'supplier_code',
      render: (row) => (
        <ContractorCode
          id={row.purchaseSupplier.contractorId}
          code={row.purchaseSupplier.code}
          name={row.purchaseSupplier.name}
          compactName="title"
        />
      ),
    },
    {
      key: 'shipping',
      card: 'field',
      title: c('shipping'),
      sortKey: 'date_loading',
      width: 150,
      render: (row) => <TwoLines top={row.loadingAddressFull} bottom={formatDate(row.dateLoading)} />,
    },
    {
      key: 'comment',
      isHiddenByDefault: true,
      title: c('comment'),
      width: 160,
      render: (row) => (
        <Text size="xs" lineClamp={3} title={row.comment ?? undefined}>
          {row.comment ?? '—'}
        </Text>
      ),
    },
    {
      key: 'carrier',
      title: c('carrier'),
      sortKey: 'carrier_name',
      render: (row) => (
        <ContractorCode id={row.carrierId} code={row.carrierCode} name={row.carrierName} compactName="title" />
      ),
    },
    {
      key: 'car',
      // The phone card names the vehicle and the driver: what logistics staff call about.
      card: 'field',
      isHiddenByDefault: true,
      title: c('car'),
      sortKey: 'registration_number',
      render: (row) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {row.registrationNumber ?? '—'}
        </Text>
      ),
    },
    {
      key: 'trailer',
      isHiddenByDefault: true,
      title: c('trailer'),
      render: (row) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {row.trailerNumber ?? '—'}
        </Text>
      ),
    },
    {
      key: 'driver',
      card: 'field',
      isHiddenByDefault: true,
      title: c('driver'),
      render: (row) => <TwoLines top={row.driverName} bottom={row.phoneNumber} />,
    },
    {
      key: 'quantity',
      card: 'field',
      title: c('quantity'),
      sortKey: 'cargo_quantity',
      align: 'right',
      render: (row) => (
        <RealPlanned
          real={row.realCargoQuantity === null ? null : formatTonnes(row.realCargoQuantity)}
          planned={formatTonnes(row.cargoQuantity)}
        />
      ),
    },
    {
      key: 'price',
      card: 'field',
      title: c('price'),
      sortKey: 'price_per_ton',
      align: 'right',
      render: (row) => (
        <RealPlanned
          real={row.realTransportPrice === null ? null : formatPricePerTonne(row.realTransportPrice, row.currency)}
          planned={formatPricePerTonne(row.pricePerTon, row.currency)}
        />
      ),
    },
    {
      key: 'value',
      isHiddenByDefault: true,
      title: c('value'),
      align: 'right',
      render: (row) => (
        <RealPlanned real={money(row.realValue, row.currency)} planned={formatMoney(row.value, row.currency)} />
      ),
    },
    {
      key: 'deductions',
      isHiddenByDefault: true,
      title: c('deductions'),
      align: 'right',
      // RULES.md Invoices, VAT and KSeF: each side's own deduction, in its own currency.
      render: (row) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {deductionsText(row, t)}
        </Text>
      ),
    },
    {
      key: 'unloading',
      isHiddenByDefault: true,
      title: c('unloading'),
      sortKey: 'date_unloading',
      width: 150,
      render: (row) => (
        <TwoLines
          top={row.unloadingAddressFull}
          bottom={
            row.unloadingDate && row.unloadingDate !== row.dateUnloading
              ? t('transports.unloadingDates', {
                  real: formatDate(row.unloadingDate),
                  planned: formatDate(row.dateUnloading),
                })
              : formatDate(row.dateUnloading)
          }
        />
      ),
    },
    {
      key: 'recipient',
      card: 'field',
      title: c('recipient'),
      sortKey: 'recipient_code',
      render: (row) => (
        <ContractorCode
          id={row.salesRecipient.contractorId}
          code={row.salesRecipient.code}
          name={row.salesRecipient.name}
        />
      ),
    },
    {
      key: 'salesDocument',
      isHiddenByDefault: true,
      title: c('salesDocument'),
      sortKey: 'sales_document_number',
      render: (row) => (
        <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
          {row.salesRecipient.documentNumber}
        </Text>
      ),
    },
    { key: 'flags', isHiddenByDefault: true, title: c('flags'), render: (row) => <ContractFlagsCell row={row} /> },
    { key: 'gmp', isHiddenByDefault: true, title: c('gmp'), render: (row) => <TransportGmpCell row={row} /> },
    {
      key: 'actions',
      card: 'actions',
      isAlwaysShown: true,
      title: t('common.actions'),
      align: 'right',
      sticky: true,
      render: actionsCell,
      cardRender: actionsCardCell,
    },
  ];
  const shown = columns.filter((column) => !hidden.includes(column.key));
  // A purchase dashboard leaves out its own side: the sale's number names the row instead.
  if (hidden.includes('purchaseDocument')) {
    for (const column of shown) {
      if (column.key === 'salesDocument') {
        Object.assign(column, { card: 'title', isAlwaysShown: true, isHiddenByDefault: false });
      }
      if (column.key === 'recipient') column.card = 'subtitle';
    }
  }
  return shown;
}
