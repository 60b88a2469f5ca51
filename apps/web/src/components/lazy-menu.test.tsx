import { MantineProvider, Menu } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LazyMenu } from './lazy-menu';

afterEach(cleanup);

// jsdom lays nothing out: floating-ui takes the zero-size target for a detached one and hides the open dropdown.
const HIDDEN = { hidden: true };

function renderMenu(onChoose = () => {}) {
  render(
    <MantineProvider>
      <LazyMenu target={<button type="button">Zmień status transportu #7</button>}>
        <Menu.Dropdown>
          <Menu.Item onClick={onChoose}>Oznacz jako dostarczony</Menu.Item>
        </Menu.Dropdown>
      </LazyMenu>
    </MantineProvider>,
  );
  return () => screen.getByRole('button', { name: 'Zmień status transportu #7' });
}

describe('LazyMenu', () => {
  it('is a bare button announcing its menu until the first click', () => {
    const button = renderMenu();
    expect(button().getAttribute('aria-haspopup')).toBe('menu');
    expect(button().getAttribute('aria-expanded')).toBe('false');
    // A mounted Mantine Menu gives its button an id to label the dropdown by: none yet.
    expect(button().id).toBe('');
    expect(screen.queryByRole('menu', HIDDEN)).toBeNull();
  });

  it('opens at the first click with the focus on its button, and its items work', async () => {
    const onChoose = vi.fn();
    const button = renderMenu(onChoose);
    button().focus();
    fireEvent.click(button());
    const item = await screen.findByRole('menuitem', { name: 'Oznacz jako dostarczony', ...HIDDEN });
    expect(button().getAttribute('aria-expanded')).toBe('true');
    // The focus-return watcher pairs a dialog opened from an item with the button the menu is labelled by.
    expect(screen.getByRole('menu', HIDDEN).getAttribute('aria-labelledby')).toBe(button().id);
    fireEvent.click(item);
    expect(onChoose).toHaveBeenCalledOnce();
    await expect.poll(() => button().getAttribute('aria-expanded')).toBe('false');
  });

  it('gives the focus back to its button when closed with Escape, and opens again', async () => {
    const button = renderMenu();
    button().focus();
    fireEvent.click(button());
    const menu = await screen.findByRole('menu', HIDDEN);
    fireEvent.keyDown(menu, { key: 'Escape' });
    await expect.poll(() => document.activeElement).toBe(button());
    await expect.poll(() => screen.queryByRole('menu', HIDDEN)).toBeNull();
    fireEvent.click(button());
    expect(await screen.findByRole('menu', HIDDEN)).toBeTruthy();
  });
});
