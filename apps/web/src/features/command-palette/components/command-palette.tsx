import { SEARCH_TERM_MIN } from '@grain/shared';
import { Group, Kbd, Loader, Modal, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { type KeyboardEvent, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useSession } from '../../../app/session';
import { useSearch } from '../api';
import '../i18n';
import { hitItems, PALETTE_GROUPS, type PaletteItem, paletteItems, screenItems } from '../items';
import { readRecent, rememberRecent } from '../recent';

/** Typing waits this long before asking the server (a keystroke every ~100 ms asks once at the pause). */
const DEBOUNCE_MS = 120;

interface CommandPaletteProps {
  opened: boolean;
  onClose: () => void;
}

/** Ctrl+K: one search over contracts, transports, contractors, invoices and screens; recent items first. */
export function CommandPalette({ opened, onClose }: CommandPaletteProps) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={t('palette.title')}
      size="lg"
      yOffset="10vh"
      // The input holds the focus; the list follows the arrow keys.
      trapFocus
      returnFocus
    >
      {opened && <PaletteBody onClose={onClose} />}
    </Modal>
  );
}

function PaletteBody({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useSession();
  const [term, setTerm] = useState('');
  const [debounced] = useDebouncedValue(term, DEBOUNCE_MS);
  const [active, setActive] = useState(0);
  const listId = useId();
  const search = useSearch(debounced);
  const recent = useMemo(() => (user ? readRecent(user.id) : []), [user]);
  const screens = useMemo(() => screenItems(t, user?.role), [t, user?.role]);
  const isSearchable = debounced.trim().length >= SEARCH_TERM_MIN;
  const hits = useMemo(
    () => (isSearchable && search.data ? hitItems(t, search.data) : []),
    [t, isSearchable, search.data],
  );
  const items = paletteItems(recent, screens, hits, term);
  const current = Math.min(active, Math.max(items.length - 1, 0));

  const open = (item: PaletteItem) => {
    if (user) {
      rememberRecent(user.id, { key: item.key, label: item.label, description: item.description, to: item.to });
    }
    onClose();
    navigate(item.to);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      if (items.length === 0) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + items.length) % items.length);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      const item = items[current];
      if (item) open(item);
    }
  };

  const optionId = (index: number) => `${listId}-option-${index}`;
  const status = (() => {
    if (term.trim().length > 0 && term.trim().length < SEARCH_TERM_MIN) return t('palette.typeMore');
    if (search.isError) return t('palette.failed');
    if (items.length === 0 && isSearchable && !search.isFetching) return t('palette.nothing');
    return null;
  })();

  return (
    <Stack gap="sm">
      <TextInput
        data-autofocus
        leftSection={<IconSearch size={16} />}
        rightSection={search.isFetching ? <Loader size="xs" /> : null}
        placeholder={t('palette.placeholder')}
        aria-label={t('palette.label')}
        role="combobox"
        aria-expanded
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={items.length > 0 ? optionId(current) : undefined}
        value={term}
        onChange={(event) => {
          setTerm(event.currentTarget.value);
          setActive(0);
        }}
        onKeyDown={onKeyDown}
      />
      <div
        id={listId}
        role="listbox"
        aria-label={t('palette.results')}
        style={{ maxHeight: '55vh', overflowY: 'auto' }}
      >
        {PALETTE_GROUPS.map((group) => {
          const inGroup = items.map((item, index) => ({ item, index })).filter(({ item }) => item.group === group);
          if (inGroup.length === 0) return null;
          const headingId = `${listId}-${group}`;
          return (
            // biome-ignore lint/a11y/useSemanticElements: a listbox owns options and groups of options (WAI-ARIA), not fieldsets
            <div key={group} role="group" aria-labelledby={headingId}>
              <Text id={headingId} size="xs" fw={700} c="dimmed" tt="uppercase" px="xs" pt="xs" pb={4}>
                {t(`palette.groups.${group}`)}
              </Text>
              {inGroup.map(({ item, index }) => (
                <UnstyledButton
                  key={item.key}
                  id={optionId(index)}
                  role="option"
                  aria-selected={index === current}
                  tabIndex={-1}
                  onMouseMove={() => setActive(index)}
                  onClick={() => open(item)}
                  w="100%"
                  px="xs"
                  py={6}
                  style={{
                    borderRadius: 6,
                    display: 'block',
                    background: index === current ? 'var(--mantine-color-green-light)' : undefined,
                  }}
                >
                  <Text size="sm" fw={600} truncate>
                    {item.label}
                  </Text>
                  {item.description && (
                    <Text size="xs" c="dimmed" truncate>
                      {item.description}
                    </Text>
                  )}
                </UnstyledButton>
              ))}
            </div>
          );
        })}
      </div>
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed" role="status">
          {status ?? ''}
        </Text>
        <Text size="xs" c="dimmed" visibleFrom="sm">
          <Kbd size="xs">↑</Kbd> <Kbd size="xs">↓</Kbd> <Kbd size="xs">Enter</Kbd> <Kbd size="xs">Esc</Kbd>
        </Text>
      </Group>
    </Stack>
  );
}
