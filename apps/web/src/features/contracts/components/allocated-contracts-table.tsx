import type { AllocatedPurchaseSortKey, AllocatedSalesSortKey } from '@grain/shared';
import { ActionIcon, Anchor, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowMerge, IconTruck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/list/data-table';
import { isAwaitingRows } from '../../../components/list/use-list-query';
import { useListState } from '../../../components/list/use-list-state';
import { ContractStatusBadge } from '../../../components/status-badges';
import { formatDate, formatPricePerTonne, formatTonnes } from '../../../lib/format';
import { ContractorCode } from '../../contractors';
import { useAllocatedContracts } from '../api';
import {
  type AllocationRowView,
  allocationRowView,
  type ContractDashboard,
  pairOfDashboardRow,
} from '../contract-view';
import { allocationPath, type ContractSide, dashboardPath, otherSideOf } from '../side';
import { openCreateTransport } from './transport-link';

const nowrap = { whiteSpace: 'nowrap' } as const;

/**
 * The contracts this one is allocated to (purchase: sales) or from (sale: purchases), each an allocation pair
 * with its allocated, in-delivery and delivered kilograms; a pair can get a transport.
 */
export function AllocatedContractsTable({ side, contract }: { side: ContractSide; contract: ContractDashboard }) {
  const { t } = useTranslation();
  const other = otherSideOf(side);
  const client = useQueryClient();
  const list = useListState({ orderBy: 'document_number:asc' });
  const query = useAllocatedContracts(side, contract.id, list);
  const rows = query.data?.list.map(allocationRowView);
  const keys = side.allocatedSortKeys;
  const saleRequiresGmp = (row: AllocationRowView) => (side.kind === 'purchase' ? row.isGmp : contract.isGmp);

  const columns: Column<AllocationRowView, AllocatedSalesSortKey | AllocatedPurchaseSortKey>[] = [
    {
      key: 'documentNumber',
      card: 'title',
      isAlwaysShown: true,
      title: t('contracts.fields.documentNumber'),
      sortKey: 'document_number',
      render: (row) => (
        <Anchor component={Link} to={dashboardPath(other, row.contractId)} fw={600} size="sm" style={nowrap}>
          {row.documentNumber}
        </Anchor>
      ),
    },
    {
      key: 'counterparty',
      card: 'subtitle',
      title: t(`${other.i18n}.counterparty`),
      sortKey: keys.counterparty,
      render: (row) => (
        <ContractorCode id={row.counterparty.id} code={row.counterparty.code} name={row.counterparty.name} />
      ),
    },
    {
      key: 'quality',
      isHiddenByDefault: true,
      title: t('contracts.fields.quality'),
      sortKey: 'raw_material_quality_title',
      render: (row) => row.qualityTitle,
    },
    {
      key: 'quantity',
      card: 'field',
      title: t('contracts.fields.cargoQuantity'),
      sortKey: 'cargo_quantity',
      align: 'right',
      render: (row) => <span style={nowrap}>{formatTonnes(row.cargoQuantity)}</span>,
    },
    {
      key: 'price',
      card: 'field',
      title: t('contracts.fields.price'),
      sortKey: 'price',
      align: 'right',
      render: (row) => <span style={nowrap}>{formatPricePerTonne(row.price, row.currency)}</span>,
    },
    {
      key: 'receipt',
      isHiddenByDefault: true,
      title: t('contracts.fields.receipt'),
      sortKey: 'date_of_receipt_from',
      render: (row) => (
        <Text size="sm" style={nowrap}>
          {formatDate(row.dateOfReceiptFrom)} – {formatDate(row.dateOfReceiptTo)}
        </Text>
      ),
    },
    {
      key: 'allocated',
      card: 'field',
      title: t('contracts.figures.allocated'),
      sortKey: keys.allocated,
      align: 'right',
      render: (row) => <span style={nowrap}>{formatTonnes(row.allocated)}</span>,
    },
    {
      key: 'inDelivery',
      title: t('contracts.figures.inDeliveryShort'),
      sortKey: keys.inDelivery,
      align: 'right',
      render: (row) => (
        <span style={nowrap}>
          {formatTonnes(row.inDelivery)} ({row.inDeliveryTransportCount})
        </span>
      ),
    },
    {
      key: 'delivered',
      card: 'field',
      title: t('contracts.figures.delivered'),
      sortKey: keys.delivered,
      align: 'right',
      render: (row) => <span style={nowrap}>{formatTonnes(row.delivered)}</span>,
    },
    {
      key: 'status',
      card: 'badge',
      title: t('contracts.fields.status'),
      render: (row) => <ContractStatusBadge status={row.status} />,
    },
  ];
  columns.push({
    key: 'actions',
    card: 'actions',
    isAlwaysShown: true,
    title: t('common.actions'),
    align: 'right',
    sticky: true,
    render: (row) => (
      <Tooltip label={t('contracts.actions.addTransport')}>
        <ActionIcon
          variant="light"
          aria-label={`${t('contracts.actions.addTransport')} ${row.documentNumber}`}
          onClick={() =>
            openCreateTransport({
              purchaseId: row.purchaseId,
              salesId: row.salesId,
              saleRequiresGmp: saleRequiresGmp(row),
              pair: pairOfDashboardRow(side, contract, row),
              // The new transport changes the in-delivery figures of both contracts.
              onCreated: () => void client.invalidateQueries({ queryKey: ['contracts'] }),
            })
          }
        >
          <IconTruck size={16} />
        </ActionIcon>
      </Tooltip>
    ),
  });

  return (
    <Paper withBorder p={{ base: 'sm', sm: 'lg' }} radius="md">
      <Stack gap="sm">
        <Group justify="space-between" gap="sm">
          <Title order={4}>{t(`${side.i18n}.allocatedTitle`)}</Title>
          {side.kind === 'sales' && (
            <Button component={Link} to={allocationPath(contract.id)} leftSection={<IconArrowMerge size={16} />}>
              {t('contracts.actions.allocate')}
            </Button>
          )}
        </Group>
        <DataTable
          columns={columns}
          rows={rows}
          filtered={query.data?.filtered ?? 0}
          rowKey={(row) => row.allocationId}
          live={{ kind: 'allocation', id: (row) => row.allocationId }}
          list={list}
          isLoading={isAwaitingRows(query)}
          isError={query.isError}
          listId={`contracts.${side.kind}.allocated`}
        />
      </Stack>
    </Paper>
  );
}
