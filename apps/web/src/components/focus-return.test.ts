import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openerOf, watchDialogFocusReturn } from './focus-return';

const flushMutations = () => new Promise((resolve) => setTimeout(resolve, 0));

function addMenu() {
  document.body.innerHTML = `
    <button id="row-menu">menu</button>
    <button id="plain">plain</button>
    <div role="menu" aria-labelledby="row-menu"><button role="menuitem" id="item">Split</button></div>`;
  return {
    menuButton: document.getElementById('row-menu')!,
    plain: document.getElementById('plain')!,
    item: document.getElementById('item')!,
  };
}

function openDialog() {
  const dialog = document.createElement('section');
  dialog.setAttribute('role', 'dialog');
  dialog.setAttribute('aria-modal', 'true');
  dialog.innerHTML = '<input id="field" />';
  document.body.append(dialog);
  document.getElementById('field')!.focus();
  return dialog;
}

describe('dialog focus return', () => {
  let stop: () => void;
  beforeEach(() => {
    stop = watchDialogFocusReturn(document);
  });
  afterEach(() => stop());

  it('names the menu button as the opener of a menu item', () => {
    const { menuButton, item, plain } = addMenu();
    expect(openerOf(item)).toBe(menuButton);
    expect(openerOf(plain)).toBe(plain);
  });

  it('focuses the row menu button when a dialog opened from its item closes after the menu is gone', async () => {
    const { menuButton, item } = addMenu();
    item.focus();
    item.closest('[role="menu"]')!.remove();
    const dialog = openDialog();
    dialog.remove();
    await flushMutations();
    expect(document.activeElement).toBe(menuButton);
  });

  it('focuses the button that opened a dialog, and the dialog that opened a nested one', async () => {
    const { plain } = addMenu();
    plain.focus();
    const outer = openDialog();
    const inner = openDialog();
    inner.remove();
    await flushMutations();
    expect(outer.contains(document.activeElement)).toBe(true);
    outer.remove();
    await flushMutations();
    expect(document.activeElement).toBe(plain);
  });

  it('leaves the focus alone when something else already took it', async () => {
    const { plain, menuButton } = addMenu();
    plain.focus();
    const dialog = openDialog();
    menuButton.focus();
    dialog.remove();
    await flushMutations();
    expect(document.activeElement).toBe(menuButton);
  });
});
