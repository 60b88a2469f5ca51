import type { ToAssignRow, ToAssignSortKey } from '@grain/shared';
import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { type Column, DataTable } from '../../../components/list/data-table';
import type { ListStateApi } from '../../../components/list/use-list-state';
import { formatTonnes } from '../../../lib/format';
import { ContractorCode } from '../../contractors';
import { gmpCertGaps } from '../allocation-form';
import { GmpCertWarning } from './gmp-cert-warning';

interface ToAssignTableProps {
  rows: ToAssignRow[] | undefined;
  filtered: number;
  /** The answer's `filteredCapped`: more pairs match than the server counts. */
  isFilteredCapped?: boolean;
  list: ListStateApi;
  isLoading: boolean;
  isError: boolean;
  /** The "add transport" action of a row; the column is left out without it. */
  renderAction?: (row: ToAssignRow) => ReactNode;
  /** The same action on a phone card. */
  renderCardAction?: (row: ToAssignRow) => ReactNode;
}

const nowrap = { whiteSpace: 'nowrap' } as const;
/** spec/2 section 9: allocation rows are 54 px high. */
export const TO_ASSIGN_ROW_HEIGHT = 54;

function Clamped({ text, width }: { text: string | null; width: number }) {
  if (!text) return '—';
  return (
    <Text size="sm" lineClamp={2} maw={width} title={text} lh={1.2}>
      {text}
    </Text>
  );
}

/** spec/1 Allocations page table: the columns and sort keys in the spec's order. */
export function ToAssignTable({ renderAction, renderCardAction, ...table }: ToAssignTableProps) {
  const { t } = useTranslation();
  const tonnes = (kg: number) => <span style={nowrap}>{formatTonnes(kg)}</span>;
  const columns: Column<ToAssignRow, ToAssignSortKey>[] = [
    {
      key: 'sales',
      card: 'title',
      isAlwaysShown: true,
      title: t('allocations.salesDocument'),
      sortKey: 'sales_agreement_document_number',
      render: (row) => (
        <Anchor
          component={Link}
          to={`/contract/sale-list/dashboard/${row.salesId}/realization`}
          size="sm"
          fw={600}
          style={nowrap}
        >
          {row.salesAgreementDocumentNumber}
        </Anchor>
      ),
    },
    {
      key: 'purchase',
      card: 'field',
      title: t('allocations.purchaseDocument'),
      sortKey: 'purchase_agreement_document_number',
      render: (row) => (
        <Anchor
          component={Link}
          to={`/contract/purchase-list/dashboard/${row.purchaseId}/realization`}
          size="sm"
          fw={600}
          style={nowrap}
        >
          {row.purchaseAgreementDocumentNumber}
        </Anchor>
      ),
    },
    {
      key: 'supplier',
      card: 'field',
      title: t('allocations.supplier'),
      sortKey: 'purchase_supplier_code',
      render: (row) => (
        <span style={nowrap}>
          <ContractorCode id={row.purchaseSupplierId} code={row.purchaseSupplierCode} name={row.purchaseSupplierName} />
        </span>
      ),
    },
    {
      key: 'recipient',
      card: 'subtitle',
      title: t('allocations.recipient'),
      sortKey: 'sales_recipient_code',
      render: (row) => (
        <span style={nowrap}>
          <ContractorCode id={row.salesRecipientId} code={row.salesRecipientCode} name={row.salesRecipientName} />
        </span>
      ),
    },
    {
      key: 'shipping',
      isHiddenByDefault: true,
      title: t('allocations.shippingAddress'),
      sortKey: 'purchase_address_full',
      render: (row) => <Clamped text={row.purchaseAddressFull} width={220} />,
    },
    {
      key: 'unloading',
      isHiddenByDefault: true,
      title: t('allocations.unloadingAddress'),
      sortKey: 'sales_address_full',
      render: (row) => <Clamped text={row.salesAddressFull} width={220} />,
    },
    {
      key: 'toPickUp',
      card: 'field',
      title: t('allocations.toPickUp'),
      sortKey: 'to_deliver',
      align: 'right',
      render: (row) => tonnes(row.toDeliver),
    },
    {
      key: 'inDelivery',
      card: 'field',
      title: t('allocations.inDelivery'),
      sortKey: 'in_delivery',
      align: 'right',
      render: (row) => (
        <Stack gap={0} align="flex-end" lh={1.2}>
          {tonnes(row.inDelivery)}
          {row.inDeliveryTransportCount > 0 && (
            <Text size="xs" c="dimmed" style={nowrap} lh={1.2}>
              {t('allocations.transportCount', { count: row.inDeliveryTransportCount })}
            </Text>
          )}
        </Stack>
      ),
    },
    {
      key: 'delivered',
      card: 'field',
      title: t('allocations.delivered'),
      sortKey: 'delivered',
      align: 'right',
      render: (row) => tonnes(row.delivered),
    },
    {
      key: 'cargo',
      isHiddenByDefault: true,
      title: t('allocations.cargoName'),
      sortKey: 'raw_material_quality_title',
      render: (row) => <Clamped text={row.cargoName} width={160} />,
    },
    {
      key: 'comments',
      isHiddenByDefault: true,
      title: t('allocations.comments'),
      render: (row) => <Clamped text={row.purchaseComments} width={200} />,
    },
    {
      key: 'salesGmp',
      isHiddenByDefault: true,
      title: t('allocations.salesGmpColumn'),
      sortKey: 'sales_is_gmp',
      align: 'center',
      render: (row) => (
        <Badge size="sm" variant={row.salesIsGmp ? 'light' : 'outline'} color={row.salesIsGmp ? 'teal' : 'gray'}>
          {row.salesIsGmp ? t('common.yes') : t('common.no')}
        </Badge>
      ),
    },
    {
      key: 'warning',
      card: 'badge',
      label: t('allocations.warning'),
      title: <IconAlertTriangle size={16} aria-label={t('allocations.warning')} />,
      align: 'center',
      render: (row) => {
        const gaps = gmpCertGaps(
          { isGmp: row.salesIsGmp, isCert: row.salesIsCert },
          { isGmp: row.purchaseIsGmp, isCert: row.purchaseIsCert },
        );
        return (
          <GmpCertWarning missingGmp={gaps.missingGmp} missingCert={gaps.missingCert} note={row.confirmationNote} />
        );
      },
    },
  ];
  if (renderAction) {
    columns.push({
      key: 'actions',
      card: 'actions',
      isAlwaysShown: true,
      title: t('common.actions'),
      align: 'right',
      sticky: true,
      render: renderAction,
      cardRender: renderCardAction,
    });
  }

  return (
    <DataTable
      columns={columns}
      rowKey={(row) => row.id}
      live={{ kind: 'allocation', id: (row) => row.id }}
      rowHeight={TO_ASSIGN_ROW_HEIGHT}
      listId="allocations"
      {...table}
    />
  );
}
