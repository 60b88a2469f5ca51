import { SAVED_VIEW_NAME_MAX, type SavedView, type SavedViewList } from '@grain/shared';
import { ActionIcon, Button, Checkbox, Group, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconStar, IconStarFilled, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmAction } from '../form/confirm';
import { serverFieldErrors } from '../form/server-errors';
import { useSavedViewWrites } from './saved-views-api';

/** Issue 17: saving the current list state as a named view, and managing the saved ones. */

interface SaveViewModalProps {
  isOpen: boolean;
  onClose: () => void;
  listKey: SavedViewList;
  state: SavedView['state'];
  onSaved: (view: SavedView) => void;
}

export function SaveViewModal({ isOpen, onClose, listKey, state, onSaved }: SaveViewModalProps) {
  const { t } = useTranslation();
  const { create } = useSavedViewWrites(listKey);
  const [name, setName] = useState('');
  const [isDefault, setDefault] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const close = () => {
    setName('');
    setDefault(false);
    setError(null);
    onClose();
  };
  const submit = async () => {
    if (!name.trim()) {
      setError(t('validation.required'));
      return;
    }
    try {
      const view = await create.mutateAsync({ listKey, name: name.trim(), state, isDefault });
      notifications.show({ color: 'green', message: t('savedViews.saved', { name: view.name }) });
      onSaved(view);
      close();
    } catch (failure) {
      setError(serverFieldErrors(failure, { NAME_IS_DUPLICATED: 'name' }).name ?? t('list.error'));
    }
  };

  return (
    <Modal opened={isOpen} onClose={close} title={t('savedViews.saveTitle')} centered>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="sm">
          <TextInput
            label={t('savedViews.name')}
            withAsterisk
            data-autofocus
            maxLength={SAVED_VIEW_NAME_MAX}
            value={name}
            error={error}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setError(null);
            }}
          />
          <Checkbox
            label={t('savedViews.makeDefault')}
            checked={isDefault}
            onChange={(event) => setDefault(event.currentTarget.checked)}
          />
          <Text size="xs" c="dimmed">
            {t('savedViews.saveHint')}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('common.cancel')}
            </Button>
            <Button type="submit" loading={create.isPending}>
              {t('savedViews.save')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

interface ManageViewsModalProps {
  isOpen: boolean;
  onClose: () => void;
  listKey: SavedViewList;
  views: SavedView[];
  currentState: SavedView['state'];
}

export function ManageViewsModal({ isOpen, onClose, listKey, views, currentState }: ManageViewsModalProps) {
  const { t } = useTranslation();
  const { update, remove } = useSavedViewWrites(listKey);

  const overwrite = async (view: SavedView) => {
    await update.mutateAsync({ id: view.id, body: { state: currentState } });
    notifications.show({ color: 'green', message: t('savedViews.saved', { name: view.name }) });
  };
  const removeView = async (view: SavedView) => {
    const isConfirmed = await confirmAction({
      title: t('savedViews.removeTitle'),
      message: t('savedViews.removeConfirm', { name: view.name }),
      confirmLabel: t('common.delete'),
      isDanger: true,
    });
    if (isConfirmed) await remove.mutateAsync(view.id);
  };

  return (
    <Modal opened={isOpen} onClose={onClose} title={t('savedViews.manage')} centered>
      <Stack gap="xs">
        {views.map((view) => (
          <Group key={view.id} justify="space-between" wrap="nowrap" gap="xs" data-testid="saved-view-row">
            <Text size="sm" truncate style={{ flex: 1 }}>
              {view.name}
            </Text>
            <Tooltip label={t(view.isDefault ? 'savedViews.unsetDefault' : 'savedViews.setDefault')}>
              <ActionIcon
                variant="subtle"
                aria-label={t(view.isDefault ? 'savedViews.unsetDefault' : 'savedViews.setDefault')}
                onClick={() => update.mutate({ id: view.id, body: { isDefault: !view.isDefault } })}
              >
                {view.isDefault ? <IconStarFilled size={16} /> : <IconStar size={16} />}
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('savedViews.overwrite')}>
              <ActionIcon variant="subtle" aria-label={t('savedViews.overwrite')} onClick={() => void overwrite(view)}>
                <IconDeviceFloppy size={16} />
              </ActionIcon>
            </Tooltip>
            <Tooltip label={t('common.delete')}>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={t('savedViews.remove', { name: view.name })}
                onClick={() => void removeView(view)}
              >
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        ))}
      </Stack>
    </Modal>
  );
}
