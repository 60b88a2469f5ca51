import { ActionIcon, Tooltip } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

// The palette and the help load at their first use, not with every screen.
const CommandPalette = lazy(async () => ({ default: (await import('./command-palette')).CommandPalette }));
const ShortcutsHelp = lazy(async () => ({ default: (await import('./shortcuts-help')).ShortcutsHelp }));

/** The list search box of the screen (ListToolbar marks it). */
export const LIST_SEARCH_SELECTOR = 'input[data-list-search]';

/** Where a typed '/' or '?' is text: a field, an editable area, or any open dialog. */
function isTyping(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  if (!element) return false;
  const tag = element.tagName;
  return tag === 'INPUT' || tag === 'TEXTAREA' || tag === 'SELECT' || element.isContentEditable;
}

type Open = 'palette' | 'help' | null;

/**
 * The app's keyboard shortcuts: Ctrl+K (⌘K) opens the palette anywhere, '/' focuses the list's search, '?' lists
 * the shortcuts; and a search button in the header for the mouse and the phone.
 */
export function KeyboardShortcuts() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Open>(null);
  const [hasOpened, setHasOpened] = useState(false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'k') {
        event.preventDefault();
        setHasOpened(true);
        setOpen((current) => (current === 'palette' ? null : 'palette'));
        return;
      }
      if (event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      if (document.querySelector('[role="dialog"]')) return;
      if (event.key === '/') {
        const input = document.querySelector<HTMLInputElement>(LIST_SEARCH_SELECTOR);
        if (!input) return;
        event.preventDefault();
        input.focus();
        input.select();
      } else if (event.key === '?') {
        event.preventDefault();
        setHasOpened(true);
        setOpen('help');
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const close = () => setOpen(null);
  const label = t('common.findEverywhere');
  return (
    <>
      <Tooltip label={label}>
        <ActionIcon
          variant="default"
          size="lg"
          aria-label={label}
          aria-keyshortcuts="Control+K"
          onClick={() => {
            setHasOpened(true);
            setOpen('palette');
          }}
        >
          <IconSearch size={18} />
        </ActionIcon>
      </Tooltip>
      {hasOpened && (
        <Suspense fallback={null}>
          <CommandPalette opened={open === 'palette'} onClose={close} />
          <ShortcutsHelp opened={open === 'help'} onClose={close} />
        </Suspense>
      )}
    </>
  );
}
