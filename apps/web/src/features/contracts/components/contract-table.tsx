import type { PurchaseSortKey, SalesSortKey } from '@grain/shared';
import { Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/list/data-table';
import type { ListStateApi } from '../../../components/list/use-list-state';
import { AgreementStatusBadge, ContractStatusBadge } from '../../../components/status-badges';
import { formatDate, formatPricePerTonne, formatTonnes } from '../../../lib/format';
import { ContractorCode } from '../../contractors';
import { type ContractListItem, counterpartyOf, figuresOf } from '../contract-view';
import { type ContractSide, dashboardPath } from '../side';
import { ContractCardActions, ContractRowActions } from './contract-row-actions';

const nowrap = { whiteSpace: 'nowrap' } as const;
/** A badge truncates its label when the column is narrow; its cell keeps the whole label. */
const badgeCell = { minWidth: 'max-content' } as const;

interface ContractTableProps {
  side: ContractSide;
  list: ListStateApi;
  rows: ContractListItem[] | undefined;
  filtered: number;
  isFilteredCapped?: boolean | undefined;
  isLoading: boolean;
  isError: boolean;
}

/** The contract list table; sort keys of PURCHASE_SORT_KEYS / SALES_SORT_KEYS. */
export function ContractTable(props: ContractTableProps) {
  const { side, list, rows, filtered, isFilteredCapped, isLoading, isError } = props;
  const { t } = useTranslation();
  const columns: Column<ContractListItem, PurchaseSortKey | SalesSortKey>[] = [
    {
      key: 'documentNumber',
      title: t('contracts.fields.documentNumber'),
      sortKey: 'document_number',
      card: 'title',
      isAlwaysShown: true,
      render: (row) => (
        <Anchor component={Link} to={dashboardPath(side, row.id)} fw={600} size="sm" style={nowrap}>
          {row.documentNumber}
        </Anchor>
      ),
    },
    {
      key: 'counterparty',
      title: t(`${side.i18n}.counterparty`),
      sortKey: side.counterpartySortKey,
      card: 'subtitle',
      render: (row) => {
        const counterparty = counterpartyOf(row);
        return (
          <Stack gap={0} align="flex-start">
            <ContractorCode id={counterparty.id} code={counterparty.code} />
            {counterparty.name && (
              <Text size="xs" c="dimmed" lineClamp={1} maw={220} title={counterparty.name}>
                {counterparty.name}
              </Text>
            )}
          </Stack>
        );
      },
    },
    {
      key: 'quality',
      title: t('contracts.fields.quality'),
      sortKey: 'raw_material_quality_title',
      card: 'field',
      // The raw material is the tab; at 1440 px the list fits without its quality and freight (column chooser).
      isHiddenByDefault: true,
      render: (row) => row.rawMaterialQualityTitle,
    },
    {
      key: 'quantity',
      title: t('contracts.fields.cargoQuantity'),
      sortKey: 'cargo_quantity',
      align: 'right',
      card: 'field',
      render: (row) => <span style={nowrap}>{formatTonnes(row.cargoQuantity)}</span>,
    },
    {
      key: 'price',
      title: t('contracts.fields.price'),
      sortKey: 'price',
      align: 'right',
      card: 'field',
      render: (row) => <span style={nowrap}>{formatPricePerTonne(row.price, row.currency)}</span>,
    },
    {
      key: 'receipt',
      title: t('contracts.fields.receipt'),
      sortKey: 'date_of_receipt_from',
      card: 'field',
      render: (row) => (
        <Text size="sm" style={nowrap}>
          {formatDate(row.dateOfReceiptFrom)} –<br />
          {formatDate(row.dateOfReceiptTo)}
        </Text>
      ),
    },
    {
      key: 'freight',
      title: t('contracts.fields.freightAndAddress'),
      isHiddenByDefault: true,
      render: (row) => (
        <Group gap={6} wrap="nowrap" align="flex-start">
          <Badge variant="default" size="sm" style={{ flexShrink: 0 }}>
            {row.freight}
          </Badge>
          <Text size="xs" maw={200} lineClamp={2} title={row.address || undefined}>
            {row.address || '—'}
          </Text>
        </Group>
      ),
    },
    {
      key: 'status',
      title: t('contracts.fields.status'),
      sortKey: 'status',
      card: 'badge',
      render: (row) => (
        <div style={badgeCell}>
          <ContractStatusBadge status={row.status} />
        </div>
      ),
    },
    {
      key: 'agreementStatus',
      title: t('contracts.fields.agreementStatus'),
      sortKey: 'agreement_status',
      card: 'badge',
      render: (row) => (
        <div style={badgeCell}>
          <AgreementStatusBadge status={row.agreementStatus} />
        </div>
      ),
    },
    {
      key: 'realization',
      title: t('contracts.fields.realization'),
      align: 'right',
      render: (row) => {
        const figures = figuresOf(row);
        return (
          <Text size="xs" style={nowrap}>
            {t('contracts.figures.allocatedShort')}: {formatTonnes(figures.allocated)}
            <br />
            {t('contracts.figures.realizedShort')}: {formatTonnes(figures.realized)}
          </Text>
        );
      },
    },
    {
      key: 'owner',
      title: t('contracts.fields.owner'),
      isHiddenByDefault: true,
      render: (row) => <Text size="sm">{row.ownerName}</Text>,
    },
    {
      key: 'actions',
      title: t('common.actions'),
      align: 'right',
      sticky: true,
      card: 'actions',
      isAlwaysShown: true,
      render: (row) => <ContractRowActions side={side} row={row} />,
      cardRender: (row) => <ContractCardActions side={side} row={row} />,
    },
  ];

  return (
    <DataTable
      columns={columns}
      rows={rows}
      filtered={filtered}
      isFilteredCapped={isFilteredCapped}
      rowKey={(row) => row.id}
      live={{ kind: side.kind === 'purchase' ? 'purchase_contract' : 'sales_contract', id: (row) => row.id }}
      list={list}
      isLoading={isLoading}
      isError={isError}
      listId={`contracts.${side.kind}`}
    />
  );
}
