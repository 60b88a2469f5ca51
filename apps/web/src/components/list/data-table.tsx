import { currentPage, type LiveEventKind, PAGE_SIZES, pageCount } from '@grain/shared';
import { ActionIcon, Box, Center, Group, Loader, Select, Table, Text, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconChevronDown, IconChevronLeft, IconChevronRight, IconChevronUp, IconSelector } from '@tabler/icons-react';
import { type CSSProperties, createContext, type ReactNode, useContext, useLayoutEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { useIsChangedByOthers } from '../../lib/live/recent-changes';
import type { Column } from './column';
import { ColumnChooser } from './column-chooser';
import { type Density, useColumnPrefs, visibleColumns } from './column-prefs';
import { hasNextPage, isFiltering, nextOrderBy, previousOffset, sortDirectionOf } from './list-state';
import { columnLabel, RowCards } from './row-cards';
import type { ListStateApi } from './use-list-state';
import './data-table.css';

/** Lists import the column type with the table; it lives in column.ts so row-cards.tsx needs no import back. */
export type { Column } from './column';

/** Below Mantine's `sm` breakpoint every list is a list of cards (phone). */
export const CARDS_QUERY = '(max-width: 47.99em)';

export function useIsCardView(): boolean {
  return useMediaQuery(CARDS_QUERY, false, { getInitialValueInEffect: false }) ?? false;
}

const DensityContext = createContext<Density>('comfortable');

/**
 * The density of the table a cell renders in: compact rows are at most 40 px, so a cell that stacks
 * three lines or a badge over a number lays them out in one or two lines there. Cards and other places: comfortable.
 */
export function useListDensity(): Density {
  return useContext(DensityContext);
}

interface DataTableProps<T> {
  /** Names the list in the user's stored column and density choices (`grain.list.<userId>.<listId>`). */
  listId: string;
  columns: Column<T>[];
  rows: T[] | undefined;
  filtered: number;
  /** The answer's `filteredCapped`: more rows match than the server counts. */
  isFilteredCapped?: boolean;
  rowKey: (row: T) => string | number;
  list: ListStateApi;
  isLoading: boolean;
  isError: boolean;
  /** Row height in the comfortable density. */
  rowHeight?: number;
  /** Compact (rows of at most 40 px) unless the list says otherwise; the user's choice wins. */
  defaultDensity?: Density;
  rowStyle?: (row: T) => CSSProperties | undefined;
  /** Extra row under a row (warnings), spanning every column. */
  rowNote?: (row: T) => ReactNode;
  /** The record a row shows, so a row someone else just changed is marked for a moment (lib/live). */
  live?: { kind: LiveEventKind; id: (row: T) => number };
  /** Set by the table from `live`: whether the row is marked. */
  isMarked?: (row: T) => boolean;
  /** Sums over every filtered row (the answer's totalData), under the table and above the cards. */
  totals?: ReactNode;
}

/**
 * The search line's place for this table's density and column controls (list-toolbar.tsx `tableId`), found once
 * the toolbar above is in the page; null when the list has no toolbar with that id (the controls keep their line).
 */
function useViewSlot(listId: string): HTMLElement | null {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  useLayoutEffect(() => {
    const found = [...document.querySelectorAll<HTMLElement>('[data-view-slot]')].find(
      (element) => element.dataset.viewSlot === listId,
    );
    setSlot(found ?? null);
  }, [listId]);
  return slot;
}

function SortIcon({ direction }: { direction: 'asc' | 'desc' | null }) {
  if (direction === 'asc') return <IconChevronUp size={14} aria-hidden />;
  if (direction === 'desc') return <IconChevronDown size={14} aria-hidden />;
  return <IconSelector size={14} opacity={0.4} aria-hidden />;
}

const stickyStyle: CSSProperties = {
  position: 'sticky',
  right: 0,
  background: 'var(--mantine-color-body)',
  boxShadow: '-4px 0 6px -4px rgba(0,0,0,0.15)',
};

/**
 * Compact rows: tighter padding and line height, cells on one line (their second lines beside the first, or in a
 * title), so some 20 rows show at 1440 x 900; the comfortable density keeps every line.
 */
const compactStyle = {
  '--mantine-line-height-xs': '1.15',
  '--mantine-line-height-sm': '1.25',
  '--mantine-line-height-md': '1.25',
  '--mantine-line-height': '1.25',
} as CSSProperties;

/**
 * The shared data table: sortable headers, empty / error / no-result states, the paging footer, a column chooser
 * with the row density (kept per user), and cards instead of the table below `sm`.
 */
export function DataTable<T>(props: DataTableProps<T>) {
  const { t } = useTranslation();
  const { list, isLoading, isError, listId } = props;
  const hasRows = Boolean(props.rows && props.rows.length > 0);
  const isCardView = useIsCardView();
  const { prefs, save } = useColumnPrefs(listId);
  const density = prefs.density ?? props.defaultDensity ?? 'compact';
  const columns = visibleColumns(props.columns, prefs);
  const rowHeight = density === 'compact' ? undefined : props.rowHeight;
  const isChangedByOthers = useIsChangedByOthers();
  const { live } = props;
  const isMarked = (row: T) => isChangedByOthers(live?.kind, live?.id(row));
  const viewSlot = useViewSlot(listId);
  const chooser = (
    <ColumnChooser
      columns={props.columns.map((column) => ({ ...column, label: columnLabel(column) }))}
      prefs={prefs}
      density={density}
      onChange={save}
      isInToolbar={viewSlot !== null}
    />
  );

  let state: ReactNode = null;
  if (isError) state = t('list.error');
  // Decorative: the footer's live result count says "Wczytywanie wyników…" meanwhile (a span may not carry a label).
  else if (!hasRows && isLoading) state = <Loader size="sm" aria-hidden />;
  else if (!hasRows) state = isFiltering(list, list.defaults) ? t('list.noResults') : t('list.empty');

  return (
    <Box data-list-id={listId}>
      {isCardView && props.totals}
      {isCardView ? (
        hasRows && (
          <RowCards
            columns={props.columns}
            rows={props.rows!}
            rowKey={props.rowKey}
            rowNote={props.rowNote}
            isMarked={isMarked}
          />
        )
      ) : (
        <>
          {viewSlot ? createPortal(chooser, viewSlot) : chooser}
          <DensityContext.Provider value={density}>
            <DesktopTable
              {...props}
              columns={columns}
              rowHeight={rowHeight}
              density={density}
              hasRows={hasRows}
              isMarked={isMarked}
            />
          </DensityContext.Provider>
        </>
      )}
      {state && (
        <Center py="xl" c={isError ? 'red' : 'dimmed'} data-testid="list-state">
          {state}
        </Center>
      )}
      {!isCardView && props.totals}
      <PaginationFooter
        list={list}
        filtered={props.filtered}
        isCapped={props.isFilteredCapped}
        isLoading={isLoading && !hasRows}
      />
    </Box>
  );
}

function DesktopTable<T>(props: DataTableProps<T> & { density: Density; hasRows: boolean }) {
  const { columns, rows, list, isLoading, rowHeight, density, hasRows } = props;
  const isCompact = density === 'compact';
  return (
    <Table.ScrollContainer minWidth={0} type="native">
      <Table
        highlightOnHover
        withRowBorders
        verticalSpacing={isCompact ? 2 : 'xs'}
        horizontalSpacing={isCompact ? 7 : 'sm'}
        aria-busy={isLoading}
        data-density={density}
        style={isCompact ? compactStyle : undefined}
      >
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => {
              const direction = column.sortKey ? sortDirectionOf(list.orderBy, column.sortKey) : null;
              return (
                <Table.Th
                  key={column.key}
                  style={{ width: column.width, textAlign: column.align, ...(column.sticky ? stickyStyle : {}) }}
                  aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}
                >
                  {column.sortKey ? (
                    <UnstyledButton
                      onClick={() => list.setOrderBy(nextOrderBy(list.orderBy, column.sortKey!))}
                      fw={600}
                      fz="sm"
                    >
                      <Group gap={4} wrap="nowrap" justify={column.align === 'right' ? 'flex-end' : undefined}>
                        {column.title}
                        <SortIcon direction={direction} />
                      </Group>
                    </UnstyledButton>
                  ) : (
                    column.title
                  )}
                </Table.Th>
              );
            })}
          </Table.Tr>
        </Table.Thead>
        {/* The previous page stays dimmed while the next one loads; aria-busy tells assistive technology so. */}
        <Table.Tbody
          style={{ opacity: isLoading && hasRows ? 0.6 : 1 }}
          aria-busy={(isLoading && hasRows) || undefined}
        >
          {hasRows &&
            rows!.map((row) => <TableRow key={props.rowKey(row)} row={row} {...props} rowHeight={rowHeight} />)}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

function TableRow<T>({ row, columns, rowHeight, rowStyle, rowNote, isMarked }: DataTableProps<T> & { row: T }) {
  const note = rowNote?.(row);
  return (
    <>
      <Table.Tr style={{ height: rowHeight, ...rowStyle?.(row) }} data-live-changed={isMarked?.(row) || undefined}>
        {columns.map((column) => (
          <Table.Td key={column.key} style={{ textAlign: column.align, ...(column.sticky ? stickyStyle : {}) }}>
            {column.render(row)}
          </Table.Td>
        ))}
      </Table.Tr>
      {note && (
        <Table.Tr>
          <Table.Td colSpan={columns.length} py={4}>
            {note}
          </Table.Td>
        </Table.Tr>
      )}
    </>
  );
}

interface PaginationFooterProps {
  list: ListStateApi;
  filtered: number;
  isCapped?: boolean | undefined;
  /** Nothing fetched yet: the count is not known, so it is not shown as 0. */
  isLoading?: boolean;
}

export function PaginationFooter({ list, filtered, isCapped, isLoading = false }: PaginationFooterProps) {
  const { t } = useTranslation();
  const pages = Math.max(1, pageCount(filtered, list.limit));
  const page = isCapped ? currentPage(list.offset, list.limit) : Math.min(currentPage(list.offset, list.limit), pages);
  const hasNext = hasNextPage(list, { filtered });
  return (
    <Group justify="space-between" mt="sm" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed" data-testid="result-count" aria-live="polite">
        {isLoading
          ? t('tableView.loadingResults')
          : isCapped
            ? hasNext
              ? t('list.resultsCapped')
              : t('list.resultsCappedEnd')
            : t('list.results', { count: filtered })}
      </Text>
      <Group gap="xs" wrap="nowrap">
        <Text size="sm" c="dimmed">
          {t('list.pageSize')}
        </Text>
        <Select
          aria-label={t('list.pageSize')}
          w={80}
          size="xs"
          data={PAGE_SIZES.map(String)}
          value={String(list.limit)}
          onChange={(value) => value && list.setLimit(Number(value))}
          allowDeselect={false}
        />
        <Text size="sm" data-testid="page-indicator">
          {isCapped ? t('list.pageOpen', { page }) : t('list.page', { page, pages })}
        </Text>
        <ActionIcon
          variant="default"
          aria-label={t('list.previous')}
          disabled={list.offset === 0}
          onClick={() => list.setOffset(previousOffset(list))}
        >
          <IconChevronLeft size={16} />
        </ActionIcon>
        <ActionIcon
          variant="default"
          aria-label={t('list.next')}
          disabled={!hasNext}
          onClick={() => hasNext && list.setOffset(list.offset + list.limit)}
        >
          <IconChevronRight size={16} />
        </ActionIcon>
      </Group>
    </Group>
  );
}
