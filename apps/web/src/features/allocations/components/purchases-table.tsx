import type { PurchaseToAllocateRow, PurchaseToAllocateSortKey, SalesDashboardResponse } from '@grain/shared';
import { Anchor, Button, Group, Stack, Text } from '@mantine/core';
import { IconArrowsExchange, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/list/data-table';
import type { ListStateApi } from '../../../components/list/use-list-state';
import { formatDate, formatPricePerTonne, formatTonnes } from '../../../lib/format';
import { ContractorCode } from '../../contractors';
import { allocationContext } from '../allocation-form';
import { FlagBadges } from './flag-badges';
import { GmpCertWarning } from './gmp-cert-warning';

interface PurchasesTableProps {
  sale: SalesDashboardResponse;
  rows: PurchaseToAllocateRow[] | undefined;
  filtered: number;
  list: ListStateApi;
  isLoading: boolean;
  isError: boolean;
  canAllocate: boolean;
  onAllocate: (row: PurchaseToAllocateRow) => void;
}

const nowrap = { whiteSpace: 'nowrap' } as const;

/** spec/1 Sale allocation screen: purchase contracts available for the sale, each with "allocate". */
export function PurchasesTable({ sale, canAllocate, onAllocate, ...table }: PurchasesTableProps) {
  const { t } = useTranslation();
  const columns: Column<PurchaseToAllocateRow, PurchaseToAllocateSortKey>[] = [
    {
      key: 'documentNumber',
      card: 'title',
      isAlwaysShown: true,
      title: t('allocations.documentNumber'),
      sortKey: 'document_number',
      render: (row) => (
        <Anchor component={Link} to={`/contract/purchase-list/dashboard/${row.id}/realization`} fw={600} size="sm">
          {row.documentNumber}
        </Anchor>
      ),
    },
    {
      key: 'supplier',
      card: 'subtitle',
      title: t('allocations.supplier'),
      sortKey: 'supplier_code',
      render: (row) => (
        <span style={nowrap}>
          <ContractorCode id={row.supplierId} code={row.supplierCode} name={row.supplierName} />
        </span>
      ),
    },
    {
      key: 'quality',
      card: 'field',
      title: t('allocations.quality'),
      sortKey: 'raw_material_quality_title',
      render: (row) => (
        <Text size="sm" maw={130} lh={1.3}>
          {row.rawMaterialQualityTitle}
        </Text>
      ),
    },
    {
      key: 'quantity',
      title: t('allocations.quantityAndLimit'),
      sortKey: 'cargo_quantity',
      align: 'right',
      render: (row) => (
        <Stack gap={0} align="flex-end">
          <Text size="sm" style={nowrap}>
            {formatTonnes(row.cargoQuantity)}
          </Text>
          <Text size="xs" c="dimmed" style={nowrap} title={t('allocations.upperLimit')}>
            {t('allocations.upTo', { value: formatTonnes(row.toleranceUpperLimit) })}
          </Text>
        </Stack>
      ),
    },
    {
      key: 'allowed',
      card: 'field',
      title: t('allocations.allowed'),
      sortKey: 'allowed',
      align: 'right',
      render: (row) => <span style={nowrap}>{formatTonnes(row.allowed)}</span>,
    },
    {
      key: 'pair',
      title: t('allocations.pairAllocation'),
      sortKey: 'allocated_on_purchase',
      align: 'right',
      render: (row) =>
        row.allocationId === null ? (
          '—'
        ) : (
          <Stack gap={0} align="flex-end">
            <Text size="sm" fw={600} style={nowrap} data-testid="pair-allocated">
              {formatTonnes(row.allocatedOnPurchase)}
            </Text>
            <Text size="xs" c="dimmed" style={nowrap}>
              {t('allocations.pairInDelivery', { value: formatTonnes(row.inDeliveryOnPurchase) })}
            </Text>
            <Text size="xs" c="dimmed" style={nowrap}>
              {t('allocations.pairDelivered', { value: formatTonnes(row.deliveredOnPurchase) })}
            </Text>
          </Stack>
        ),
    },
    {
      key: 'flags',
      card: 'badge',
      title: t('allocations.requirements'),
      render: (row) => {
        const context = allocationContext(sale, row);
        return (
          <Group gap={6} wrap="nowrap">
            <FlagBadges isGmp={row.isGmp} isCert={row.isCert} />
            <GmpCertWarning
              missingGmp={context.missingGmp}
              missingCert={context.missingCert}
              note={row.allocationId === null ? undefined : row.confirmationNote}
            />
          </Group>
        );
      },
    },
    {
      key: 'receipt',
      isHiddenByDefault: true,
      card: 'field',
      title: t('allocations.receiptDates'),
      sortKey: 'date_of_receipt_from',
      render: (row) => (
        <Text size="sm" style={nowrap} lh={1.3}>
          {formatDate(row.dateOfReceiptFrom)} –<br />
          {formatDate(row.dateOfReceiptTo)}
        </Text>
      ),
    },
    {
      key: 'price',
      card: 'field',
      title: t('allocations.price'),
      sortKey: 'price',
      align: 'right',
      render: (row) => <span style={nowrap}>{formatPricePerTonne(row.price, row.currency)}</span>,
    },
    {
      key: 'actions',
      card: 'actions',
      isAlwaysShown: true,
      title: t('common.actions'),
      align: 'right',
      sticky: true,
      render: (row) => {
        const isEdit = row.allocationId !== null;
        return (
          <Button
            size="xs"
            variant={isEdit ? 'default' : 'filled'}
            leftSection={isEdit ? <IconPencil size={14} /> : <IconArrowsExchange size={14} />}
            disabled={!canAllocate}
            onClick={() => onAllocate(row)}
            style={nowrap}
          >
            {t(isEdit ? 'allocations.editAllocation' : 'allocations.allocate')}
          </Button>
        );
      },
    },
  ];

  return (
    <DataTable
      columns={columns}
      rowKey={(row) => row.id}
      live={{ kind: 'purchase_contract', id: (row) => row.id }}
      listId="allocations.purchases-to-allocate"
      {...table}
    />
  );
}
