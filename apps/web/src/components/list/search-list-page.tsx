import type { ListResponse, SavedViewList } from '@grain/shared';
import { ActionIcon, Button, Tooltip } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '../page-header';
import { type Column, DataTable } from './data-table';
import { ListToolbar } from './list-toolbar';
import { isAwaitingRows } from './use-list-query';
import type { ListStateApi } from './use-list-state';

interface SearchListPageProps<Row extends { id: number }> {
  title: string;
  /** The add button: its text and the form it opens; a list whose rows are made elsewhere has none. */
  addLabel?: string;
  addTo?: string;
  /** The list's key for its stored column choices (the table's listId). */
  listKey: string;
  /** Its saved views, when the list has a key in SAVED_VIEW_LISTS (the same name as listKey). */
  savedViewsKey?: SavedViewList;
  searchPlaceholder: string;
  list: ListStateApi;
  query: UseQueryResult<ListResponse<Row>>;
  columns: Column<Row>[];
  rowHeight?: number;
  /** Quick filters between the toolbar and the table (status chips). */
  filters?: ReactNode;
  /** Header actions besides the add button (an export). */
  actions?: ReactNode;
}

/**
 * A searchable list screen without filters (spec/1 Contractors, Users): crumbs, title and add button, the toolbar
 * with search and saved views, and the table over the server's page of rows.
 */
export function SearchListPage<Row extends { id: number }>(props: SearchListPageProps<Row>) {
  const { t } = useTranslation();
  const { list, query } = props;
  return (
    <>
      <PageHeader
        crumbs={[{ label: t('nav.home'), to: '/positions' }, { label: props.title }]}
        title={props.title}
        actions={
          (props.addTo || props.actions) && (
            <>
              {props.actions}
              {props.addTo && (
                <Button component={Link} to={props.addTo} leftSection={<IconPlus size={16} />}>
                  {props.addLabel}
                </Button>
              )}
            </>
          )
        }
      />
      <ListToolbar
        list={list}
        listKey={props.savedViewsKey}
        searchPlaceholder={props.searchPlaceholder}
        onRefresh={() => void query.refetch()}
        isFetching={query.isFetching}
        fetchedAt={query.dataUpdatedAt}
      />
      {props.filters}
      <DataTable
        columns={props.columns}
        rows={query.data?.list}
        filtered={query.data?.filtered ?? 0}
        rowKey={(row) => row.id}
        list={list}
        isLoading={isAwaitingRows(query)}
        isError={query.isError}
        rowHeight={props.rowHeight}
        listId={props.listKey}
        defaultDensity="comfortable"
      />
    </>
  );
}

/** The row's one action, a link to its form (edit, details), always shown and kept at the right edge. */
export function rowLinkColumn<Row, SortKey extends string>(link: {
  title: string;
  label: string;
  icon: ReactNode;
  to: (row: Row) => string;
  name: (row: Row) => string;
}): Column<Row, SortKey> {
  return {
    key: 'actions',
    card: 'actions',
    isAlwaysShown: true,
    title: link.title,
    align: 'right',
    sticky: true,
    render: (row) => (
      <Tooltip label={link.label}>
        <ActionIcon component={Link} to={link.to(row)} variant="light" aria-label={`${link.label} ${link.name(row)}`}>
          {link.icon}
        </ActionIcon>
      </Tooltip>
    ),
  };
}
