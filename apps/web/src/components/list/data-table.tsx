import { currentPage, PAGE_SIZES, pageCount } from '@grain/shared';
import { ActionIcon, Box, Center, Group, Loader, Select, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronLeft, IconChevronRight, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { CSSProperties, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { hasNextPage, isFiltering, nextOrderBy, previousOffset, sortDirectionOf } from './list-state';
import type { ListStateApi } from './use-list-state';

export interface Column<T> {
  key: string;
  title: ReactNode;
  /** The spec's sort key; columns without one are not sortable. */
  sortKey?: string;
  render: (row: T) => ReactNode;
  width?: number | string;
  align?: 'left' | 'right' | 'center';
  /** Stays visible at the right edge while the table scrolls sideways (action columns). */
  sticky?: boolean;
}

interface DataTableProps<T> {
  columns: Column<T>[];
  rows: T[] | undefined;
  filtered: number;
  /** The answer's `filteredCapped`: more rows match than the server counts (issue 15). */
  isFilteredCapped?: boolean;
  rowKey: (row: T) => string | number;
  list: ListStateApi;
  isLoading: boolean;
  isError: boolean;
  rowHeight?: number;
  minWidth?: number;
  rowStyle?: (row: T) => CSSProperties | undefined;
  /** Extra row under a row (warnings), spanning every column. */
  rowNote?: (row: T) => ReactNode;
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

/** The shared data table: sortable headers, empty / error / no-result states and the paging footer. */
export function DataTable<T>(props: DataTableProps<T>) {
  const { t } = useTranslation();
  const { columns, rows, list, isLoading, isError, rowHeight, minWidth = 800 } = props;
  const hasRows = Boolean(rows && rows.length > 0);

  let state: ReactNode = null;
  if (isError) state = t('list.error');
  else if (!hasRows && isLoading) state = <Loader size="sm" />;
  else if (!hasRows) state = isFiltering(list, list.defaults) ? t('list.noResults') : t('list.empty');

  return (
    <Box>
      <Table.ScrollContainer minWidth={minWidth} type="native">
        <Table highlightOnHover withRowBorders verticalSpacing="xs" aria-busy={isLoading}>
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
          <Table.Tbody style={{ opacity: isLoading && hasRows ? 0.6 : 1 }}>
            {hasRows &&
              rows!.map((row) => <TableRow key={props.rowKey(row)} row={row} {...props} rowHeight={rowHeight} />)}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {state && (
        <Center py="xl" c={isError ? 'red' : 'dimmed'} data-testid="list-state">
          {state}
        </Center>
      )}
      <PaginationFooter
        list={list}
        filtered={props.filtered}
        isCapped={props.isFilteredCapped}
        rowCount={rows?.length ?? 0}
      />
    </Box>
  );
}

function TableRow<T>({ row, columns, rowHeight, rowStyle, rowNote }: DataTableProps<T> & { row: T }) {
  const note = rowNote?.(row);
  return (
    <>
      <Table.Tr style={{ height: rowHeight, ...rowStyle?.(row) }}>
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
  rowCount: number;
}

export function PaginationFooter({ list, filtered, isCapped, rowCount }: PaginationFooterProps) {
  const { t } = useTranslation();
  const pages = Math.max(1, pageCount(filtered, list.limit));
  const page = isCapped ? currentPage(list.offset, list.limit) : Math.min(currentPage(list.offset, list.limit), pages);
  const hasNext = hasNextPage(list, { filtered, isCapped, rowCount });
  return (
    <Group justify="space-between" mt="sm" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed" data-testid="result-count">
        {isCapped ? t('list.resultsCapped') : t('list.results', { count: filtered })}
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
