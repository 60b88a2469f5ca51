import { isSavedViewStateSmall, SAVED_VIEW_NAME_MAX, type SavedView, type SavedViewList, V } from '@grain/shared';
import { ActionIcon, Button, Checkbox, Group, Modal, Stack, Text, TextInput, Tooltip } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconStar, IconStarFilled, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { validationText } from '../../i18n';
import { confirmAction } from '../form/confirm';
import { serverFieldErrors } from '../form/server-errors';
import { useSavedViewWrites } from './saved-views-api';

/** Saving the current list state as a named view, and managing the saved ones. */

/**
 * The dialog has one field, so every refusal that names a field or the list's view limit is shown under it: the name
 * (NAME_IS_DUPLICATED), the list (SAVED_VIEW_LIMIT_REACHED) or the state (too big).
 */
function saveRefusalText(failure: unknown): string | undefined {
  const errors = serverFieldErrors(failure, { NAME_IS_DUPLICATED: 'name', SAVED_VIEW_LIMIT_REACHED: 'name' });
  return errors.name ?? Object.values(errors)[0];
}

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
    // RULES.md: a view's state is 16 KB at most; the server refuses the same (VALIDATION_ERROR on `state`).
    if (!isSavedViewStateSmall(state)) {
      setError(validationText(V.viewTooBig));
      return;
    }
    try {
      const view = await create.mutateAsync({ listKey, name: name.trim(), state, isDefault });
      notifications.show({ color: 'green', message: t('savedViews.saved', { name: view.name }) });
      onSaved(view);
      close();
    } catch (failure) {
      setError(saveRefusalText(failure) ?? t('list.error'));
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
    if (!isSavedViewStateSmall(currentState)) {
      notifications.show({ color: 'red', message: validationText(V.viewTooBig) });
      return;
    }
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
