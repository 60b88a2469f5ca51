import type { SavedView, SavedViewList } from '@grain/shared';
import { Button, Menu, Text } from '@mantine/core';
import { IconBookmark, IconDeviceFloppy, IconStarFilled } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useColumnPrefs } from './column-prefs';
import { ManageViewsModal, SaveViewModal } from './saved-view-modals';
import { appliedView, hasListParams, viewStateOf } from './saved-view-state';
import { useSavedViews } from './saved-views-api';
import type { ListStateApi } from './use-list-state';

/**
 * Saved views next to the search box of every list: apply one, save the current search, filters, sort
 * and columns under a name, manage them; the user's default view applies when the list opens without URL params.
 * `listKey` is the list's table `listId` too, so the columns are the ones the table keeps.
 */
export function SavedViews({ list, listKey }: { list: ListStateApi; listKey: SavedViewList }) {
  const { t } = useTranslation();
  const views = useSavedViews(listKey);
  const { prefs, save: savePrefs } = useColumnPrefs(listKey);
  const [isSaveOpen, setSaveOpen] = useState(false);
  const [isManageOpen, setManageOpen] = useState(false);
  const [activeId, setActiveId] = useState<number | null>(null);

  const apply = (view: SavedView) => {
    const applied = appliedView(view.state, list.defaults.limit ?? list.limit);
    list.apply(applied.list);
    savePrefs(applied.prefs);
    setActiveId(view.id);
  };

  // The default view, once, when the list was opened without its own params in the address.
  const isOpenedBare = useRef(!hasListParams(new URLSearchParams(window.location.search)));
  // biome-ignore lint/correctness/useExhaustiveDependencies: applied once, when the views first arrive
  useEffect(() => {
    if (!isOpenedBare.current || !views.data) return;
    isOpenedBare.current = false;
    const fallback = views.data.find((view) => view.isDefault);
    if (fallback) apply(fallback);
  }, [views.data]);

  const active = views.data?.find((view) => view.id === activeId) ?? null;
  return (
    <>
      <Menu position="bottom-end" shadow="md" width={260}>
        <Menu.Target>
          <Button variant="default" leftSection={<IconBookmark size={16} />} data-testid="saved-views">
            {active ? active.name : t('savedViews.button')}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{t('savedViews.title')}</Menu.Label>
          {(views.data ?? []).length === 0 && (
            <Text size="sm" c="dimmed" px="sm" py={4}>
              {t('savedViews.none')}
            </Text>
          )}
          {(views.data ?? []).map((view) => (
            <Menu.Item
              key={view.id}
              onClick={() => apply(view)}
              rightSection={view.isDefault ? <IconStarFilled size={14} aria-label={t('savedViews.default')} /> : null}
            >
              {view.name}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item leftSection={<IconDeviceFloppy size={16} />} onClick={() => setSaveOpen(true)}>
            {t('savedViews.saveCurrent')}
          </Menu.Item>
          {(views.data ?? []).length > 0 && (
            <Menu.Item onClick={() => setManageOpen(true)}>{t('savedViews.manage')}</Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <SaveViewModal
        isOpen={isSaveOpen}
        onClose={() => setSaveOpen(false)}
        listKey={listKey}
        state={viewStateOf(list, prefs)}
        onSaved={(view) => setActiveId(view.id)}
      />
      <ManageViewsModal
        isOpen={isManageOpen}
        onClose={() => setManageOpen(false)}
        listKey={listKey}
        views={views.data ?? []}
        currentState={viewStateOf(list, prefs)}
      />
    </>
  );
}
