import type { ListResponse, TransportListTotals, TransportResponse } from '@grain/shared';
import { Badge, Group } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../../components/list/data-table';
import { ListTotals } from '../../../components/list/list-totals';
import { isAwaitingRows } from '../../../components/list/use-list-query';
import type { ListStateApi } from '../../../components/list/use-list-state';
import { formatTonnes } from '../../../lib/format';
import { GmpWarningNote } from './gmp-cells';
import { RowActions, RowCardActions } from './row-actions';
import { StatusControl } from './status-control';
import { type TransportColumnKey, useTransportColumns } from './transport-columns';
import { useTransportActions } from './use-transport-actions';

interface TransportDataTableProps {
  list: ListStateApi;
  query: UseQueryResult<ListResponse<TransportResponse>>;
  hidden?: readonly TransportColumnKey[];
  isContractSide?: boolean;
  /** The list's name in the user's stored column choices. */
  listId?: string;
}

/** The transports table with its inline status change, row actions, GMP warning rows and their modals. */
export function TransportDataTable({
  list,
  query,
  hidden,
  isContractSide,
  listId = isContractSide ? 'contracts.transports' : 'logistics',
}: TransportDataTableProps) {
  const { t } = useTranslation();
  const actions = useTransportActions();
  // The answer's sums over every filtered transport (null: too many to sum; undefined: not fetched yet).
  const totals = query.data ? (query.data.totalData as TransportListTotals | null | undefined) : undefined;
  const columns = useTransportColumns({
    hidden,
    statusCell: (row) => (
      <Group gap={4} wrap="nowrap">
        <StatusControl row={row} onChoose={(target, choice) => void actions.changeStatus(target, choice)} />
        {row.isToDecide && (
          <Badge color="red" variant="filled" data-testid="to-decide-badge">
            {t('transports.decide.badge')}
          </Badge>
        )}
      </Group>
    ),
    actionsCell: (row) => (
      <RowActions
        row={row}
        isContractSide={isContractSide}
        onOpen={actions.openModal}
        onRemove={(target) => void actions.removeRow(target)}
      />
    ),
    actionsCardCell: (row) => (
      <RowCardActions
        row={row}
        isContractSide={isContractSide}
        onOpen={actions.openModal}
        onRemove={(target) => void actions.removeRow(target)}
        onChangeStatus={(target, choice) => void actions.changeStatus(target, choice, { canUndo: true })}
      />
    ),
  });
  return (
    <>
      <DataTable
        columns={columns}
        rows={query.data?.list}
        filtered={query.data?.filtered ?? 0}
        isFilteredCapped={query.data?.filteredCapped}
        rowKey={(row) => row.id}
        live={{ kind: 'transport', id: (row) => row.id }}
        list={list}
        isLoading={isAwaitingRows(query)}
        isError={query.isError}
        rowHeight={64}
        listId={listId}
        rowNote={(row) => (row.gmpNotSatisfied ? <GmpWarningNote row={row} /> : null)}
        totals={
          <ListTotals
            items={
              totals &&
              [
                ['planned', totals.sumPlanned],
                ['inDelivery', totals.sumInDelivery],
                ['delivered', totals.sumDelivered],
              ].map(([key, kg]) => ({
                label: t(`transports.totals.${key}`),
                value: formatTonnes(kg as number),
                testId: `totals-${key}`,
              }))
            }
          />
        }
      />
      {actions.modals}
    </>
  );
}
