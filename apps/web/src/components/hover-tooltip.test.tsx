import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HoverTooltip } from './hover-tooltip';

afterEach(cleanup);

// jsdom lays nothing out: floating-ui takes the zero-size target for a detached one and hides the open tooltip.
const TOOLTIP = { hidden: true };

function renderTooltip() {
  render(
    <MantineProvider>
      <HoverTooltip label="Usuń transport #7">
        <button type="button">x</button>
      </HoverTooltip>
    </MantineProvider>,
  );
  return screen.getByRole('button', { name: 'x' });
}

describe('HoverTooltip', () => {
  it('shows its label on the first hover and hides it when the pointer leaves', async () => {
    const button = renderTooltip();
    expect(screen.queryByRole('tooltip', TOOLTIP)).toBeNull();
    fireEvent.mouseEnter(button.parentElement!);
    expect((await screen.findByRole('tooltip', TOOLTIP)).textContent).toBe('Usuń transport #7');
    fireEvent.mouseLeave(button.parentElement!);
    await expect.poll(() => screen.queryByRole('tooltip', TOOLTIP)).toBeNull();
  });

  it('shows the label again on the next hover', async () => {
    const button = renderTooltip();
    fireEvent.mouseEnter(button.parentElement!);
    await screen.findByRole('tooltip', TOOLTIP);
    fireEvent.mouseLeave(button.parentElement!);
    await expect.poll(() => screen.queryByRole('tooltip', TOOLTIP)).toBeNull();
    fireEvent.mouseEnter(button.parentElement!);
    expect((await screen.findByRole('tooltip', TOOLTIP)).textContent).toBe('Usuń transport #7');
  });
});
