import { isAwaitingRows } from '../../../components/list/use-list-query';
import '../i18n';
import type { TransactionListTotals, TransactionRow } from '@grain/shared';
import { Checkbox, Tabs, Tooltip } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { DataTable } from '../../../components/list/data-table';
import { ExportButton } from '../../../components/list/export-button';
import { countActiveFilters, FilterToggle } from '../../../components/list/filter-panel';
import { ListToolbar } from '../../../components/list/list-toolbar';
import { type ListTotal, ListTotals } from '../../../components/list/list-totals';
import { useListState } from '../../../components/list/use-list-state';
import { PageHeader } from '../../../components/page-header';
import { formatMoney, formatTonnes } from '../../../lib/format';
import { exportStatement, useStatementList } from '../api';
import { ActionModal, type OpenAction } from '../components/action-modal';
import { BulkActions } from '../components/bulk-actions';
import { RowActionsMenu, RowCardActions } from '../components/row-actions-menu';
import { useStatementColumns } from '../components/statement-columns';
import { StatementFilters } from '../components/statement-filters';
import { selectionBlocker } from '../issue-invoice-form';
import { searchForTab } from '../statement-filter';
import { isStatementTab, STATEMENT_TABS, type StatementTab } from '../tabs';

const BASE = '/transaction-statement';

/** spec/1 Transaction statement: an unknown or missing tab redirects to all. */
export function Page() {
  const { tab } = useParams();
  if (!isStatementTab(tab)) return <Navigate to={`${BASE}/all`} replace />;
  return <StatementScreen tab={tab} />;
}

/**
 * spec/1 Transaction statement: tabs, search, filters, the 90 px table with the row's settlement actions, and a
 * selection of open rows to invoice or settle in one action.
 */
function StatementScreen({ tab }: { tab: StatementTab }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const list = useListState({}, 'statement');
  const query = useStatementList(list, tab);
  const [isFilterOpen, setFilterOpen] = useState(false);
  const [open, setOpen] = useState<OpenAction | null>(null);
  // Rows chosen for one bulk invoice or settlement; kept across pages and searches until cleared.
  const [selected, setSelected] = useState<Map<number, TransactionRow>>(new Map());
  const isIssuing = tab === 'sales';
  const openRows = (query.data?.list ?? []).filter((row) => selectionBlocker(row, isIssuing) === null);
  const isAllSelected = openRows.length > 0 && openRows.every((row) => selected.has(row.id));
  const toggle = (rows: TransactionRow[], isOn: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const row of rows) {
        if (isOn) next.set(row.id, row);
        else next.delete(row.id);
      }
      return next;
    });
  const statementColumns = useStatementColumns(
    (row) => <RowActionsMenu row={row} onAction={(action) => setOpen({ action, row })} />,
    (row) => <RowCardActions row={row} onAction={(action) => setOpen({ action, row })} />,
  );
  const columns = [
    {
      key: 'select',
      // The chooser names it in Polish, and bulk actions need it: it cannot be hidden.
      label: t('statement.bulk.selectColumn'),
      isAlwaysShown: true,
      title: (
        <Checkbox
          aria-label={t(isIssuing ? 'statement.bulk.selectAllToInvoice' : 'statement.bulk.selectAll')}
          checked={isAllSelected}
          indeterminate={!isAllSelected && openRows.some((row) => selected.has(row.id))}
          disabled={openRows.length === 0}
          onChange={(event) => toggle(openRows, event.currentTarget.checked)}
        />
      ),
      width: 44,
      render: (row: TransactionRow) => {
        const blocker = selectionBlocker(row, isIssuing);
        const checkbox = (
          <Checkbox
            aria-label={t('statement.bulk.selectRow', { id: row.id })}
            checked={selected.has(row.id)}
            disabled={blocker !== null}
            onChange={(event) => toggle([row], event.currentTarget.checked)}
          />
        );
        if (blocker === null) return checkbox;
        // A disabled input fires no hover: the tooltip sits on its wrapper and says why it cannot be chosen.
        return (
          <Tooltip label={t(blocker, { number: row.invoiceNumber })} withinPortal>
            <span style={{ display: 'inline-block' }} data-testid={`select-blocked-${row.id}`}>
              {checkbox}
            </span>
          </Tooltip>
        );
      },
    },
    ...statementColumns,
  ];
  const totals = query.data ? (query.data.totalData as TransactionListTotals | null | undefined) : undefined;
  // The state filter exists only on the all tab, so only there does it count.
  const shownFilter = tab === 'all' ? list.filter : { ...list.filter, type: '' };

  return (
    <>
      <PageHeader
        crumbs={[{ label: t('nav.home'), to: '/positions' }, { label: t('statement.title') }]}
        title={t('statement.title')}
        actions={<ExportButton exportFile={() => exportStatement(list, tab)} />}
      />
      <Tabs
        value={tab}
        onChange={(next) => next && navigate({ pathname: `${BASE}/${next}`, search: searchForTab(params).toString() })}
        mb="md"
      >
        <Tabs.List style={{ flexWrap: 'nowrap', overflowX: 'auto' }}>
          {STATEMENT_TABS.map((name) => (
            <Tabs.Tab key={name} value={name}>
              {t(`statement.tabs.${name}`)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <ListToolbar
        list={list}
        listKey="statement"
        searchPlaceholder={t('statement.searchPlaceholder')}
        onRefresh={() => void query.refetch()}
        isFetching={query.isFetching}
        fetchedAt={query.dataUpdatedAt}
      >
        <FilterToggle
          isOpen={isFilterOpen}
          onToggle={() => setFilterOpen((value) => !value)}
          activeCount={countActiveFilters(shownFilter, {})}
        />
      </ListToolbar>
      <StatementFilters tab={tab} isOpen={isFilterOpen} value={list.filter} onApply={list.setFilter} />
      <BulkActions
        selected={[...selected.values()]}
        onRowsChanged={(rows) => toggle(rows, true)}
        onClear={() => setSelected(new Map())}
        canIssueInvoice={isIssuing}
        canIssueRrInvoice={tab === 'purchase'}
      />
      <DataTable
        columns={columns}
        rows={query.data?.list}
        filtered={query.data?.filtered ?? 0}
        isFilteredCapped={query.data?.filteredCapped}
        rowKey={(row) => row.id}
        list={list}
        isLoading={isAwaitingRows(query)}
        isError={query.isError}
        rowHeight={90}
        listId="statement"
        live={{ kind: 'transaction', id: (row) => row.id }}
        totals={<ListTotals items={totals && statementTotalItems(totals, t)} />}
      />
      <ActionModal open={open} onClose={() => setOpen(null)} onOpen={setOpen} />
    </>
  );
}

/** The statement's totals row: tonnes, then net and gross per currency (money is never added across currencies). */
function statementTotalItems(
  totals: TransactionListTotals,
  t: (key: string, values?: Record<string, unknown>) => string,
): ListTotal[] {
  const items: ListTotal[] = [
    { label: t('statement.totals.quantity'), value: formatTonnes(totals.sumQuantity), testId: 'totals-quantity' },
  ];
  for (const sums of totals.byCurrency) {
    const { currency } = sums;
    items.push({
      label: t('statement.totals.net', { currency }),
      value: formatMoney(sums.sumNet, currency),
      testId: `totals-net-${currency}`,
    });
    const gross = formatMoney(sums.sumGross, currency);
    items.push({
      label: t('statement.totals.gross', { currency }),
      value: sums.withoutVat ? `${gross} (${t('statement.totals.withoutVat', { count: sums.withoutVat })})` : gross,
      testId: `totals-gross-${currency}`,
    });
  }
  return items;
}
