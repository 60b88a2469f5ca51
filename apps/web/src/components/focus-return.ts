/**
 * Every dialog gives the focus back to what opened it when it closes. Mantine's own return focuses the
 * element that had the focus when the dialog opened, which is lost when that was a menu item (the menu is gone by
 * then) or when the dialog mounts already open. One document-wide watcher covers every dialog instead: it remembers
 * the last focused element (for a menu item, the menu's button), pairs it with each modal dialog the focus enters,
 * and when that dialog leaves the page with the focus left on nothing, focuses its opener again.
 */

const DIALOG = '[role="dialog"][aria-modal="true"]';

interface OpenDialog {
  dialog: Element;
  opener: HTMLElement;
}

/** A menu item stands for the button that opened its menu (Mantine labels the menu by it). */
export function openerOf(element: HTMLElement): HTMLElement {
  if (!element.closest('[role="menuitem"]')) return element;
  const menu = element.closest('[role="menu"]');
  const buttonId = menu?.getAttribute('aria-labelledby');
  const button = buttonId ? element.ownerDocument.getElementById(buttonId) : null;
  return button ?? element;
}

function isFocusLost(doc: Document): boolean {
  return doc.activeElement === null || doc.activeElement === doc.body;
}

/** Starts the watcher on a document; answers the function that stops it. */
export function watchDialogFocusReturn(doc: Document = document): () => void {
  const open: OpenDialog[] = [];
  let lastFocused: HTMLElement | null = null;

  const onFocusIn = (event: FocusEvent) => {
    const target = event.target;
    if (!(target instanceof HTMLElement)) return;
    const dialog = target.closest(DIALOG);
    if (dialog && lastFocused && !open.some((entry) => entry.dialog === dialog) && !dialog.contains(lastFocused)) {
      open.push({ dialog, opener: lastFocused });
    }
    lastFocused = openerOf(target);
  };

  const onMutation = () => {
    while (open.length > 0 && !open[open.length - 1]!.dialog.isConnected) {
      const { opener } = open.pop()!;
      if (isFocusLost(doc) && opener.isConnected) opener.focus({ preventScroll: true });
    }
  };

  const observer = new MutationObserver(onMutation);
  observer.observe(doc.body, { childList: true, subtree: true });
  doc.addEventListener('focusin', onFocusIn, true);
  return () => {
    observer.disconnect();
    doc.removeEventListener('focusin', onFocusIn, true);
  };
}
