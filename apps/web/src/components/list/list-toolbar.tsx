import type { SavedViewList } from '@grain/shared';
import { ActionIcon, Group, Text, TextInput, Tooltip } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconRefresh, IconSearch } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatTime } from '../../lib/format';
import { SEARCH_DEBOUNCE_MS } from './list-state';
import { SavedViews } from './saved-views';
import type { ListStateApi } from './use-list-state';

interface ListToolbarProps {
  list: ListStateApi;
  /**
   * The list's saved views (RULES.md Transports, Saved views); the same key as its table's `listId`. A list without
   * a key in SAVED_VIEW_LISTS has no saved views.
   */
  listKey?: SavedViewList;
  searchPlaceholder: string;
  onRefresh: () => void;
  isFetching: boolean;
  /** When the data shown was fetched (TanStack Query's dataUpdatedAt). */
  fetchedAt: number;
  children?: ReactNode;
  /**
   * The `listId` of the table under the toolbar, whose density and column controls sit on this line (data-table.tsx
   * puts them here, so the rows start one line higher); by default the saved views' key.
   */
  tableId?: string;
}

/** Search box (debounced 600 ms), refresh, saved views, the last-fetch time, and room for screen actions. */
export function ListToolbar({
  list,
  listKey,
  searchPlaceholder,
  onRefresh,
  isFetching,
  fetchedAt,
  children,
  tableId = listKey,
}: ListToolbarProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useState(list.search);
  const commit = useDebouncedCallback((value: string) => list.setSearch(value), SEARCH_DEBOUNCE_MS);

  // Back/forward navigation changes the URL under the box.
  useEffect(() => setSearch(list.search), [list.search]);
  // A search typed just before leaving the screen must not pull the user back to the list.
  useEffect(() => () => commit.cancel(), [commit]);

  return (
    <Group justify="space-between" mb="md" gap="sm" wrap="wrap">
      <Group gap="sm" wrap="nowrap" style={{ flex: '1 1 280px' }}>
        <TextInput
          style={{ flex: 1, maxWidth: 420 }}
          leftSection={<IconSearch size={16} />}
          placeholder={searchPlaceholder}
          aria-label={t('common.search')}
          // '/' focuses it (features/command-palette, keyboard-shortcuts.tsx).
          data-list-search
          aria-keyshortcuts="/"
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            commit(event.currentTarget.value);
          }}
        />
        <Tooltip label={t('common.refresh')}>
          <ActionIcon
            variant="default"
            size="lg"
            onClick={onRefresh}
            loading={isFetching}
            aria-label={t('common.refresh')}
          >
            <IconRefresh size={18} />
          </ActionIcon>
        </Tooltip>
        {listKey && <SavedViews list={list} listKey={listKey} />}
        {fetchedAt > 0 && (
          <Text size="xs" c="dimmed" visibleFrom="sm" data-testid="last-fetch">
            {t('common.lastFetch', { time: formatTime(new Date(fetchedAt)) })}
          </Text>
        )}
      </Group>
      {(children || tableId) && (
        <Group gap="sm">
          {tableId && <Group gap="xs" data-view-slot={tableId} />}
          {children}
        </Group>
      )}
    </Group>
  );
}
