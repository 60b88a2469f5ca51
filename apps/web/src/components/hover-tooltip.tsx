import { Tooltip } from '@mantine/core';
import { type ReactNode, useState } from 'react';

/**
 * A tooltip shown on mouse hover (Mantine's default: no focus or touch events) whose Tooltip, with its floating-ui
 * hooks, mounts only at the first hover. A table row has three of them: fifty rows cost a tenth of the page's first
 * render when every one is mounted up front. The span also carries the hover of a disabled button.
 */
export function HoverTooltip({ label, children }: { label: string; children: ReactNode }) {
  const [target, setTarget] = useState<HTMLElement | null>(null);
  const [isOpen, setOpen] = useState(false);
  return (
    // The hover only shows the label (as Mantine's Tooltip does on its target); the button inside is the control.
    // biome-ignore lint/a11y/noStaticElementInteractions: no role to give a wrapper that only shows a hover label
    <span
      onMouseEnter={(event) => {
        setTarget(event.currentTarget);
        setOpen(true);
      }}
      onMouseLeave={() => setOpen(false)}
    >
      {children}
      {target && <Tooltip label={label} target={target} opened={isOpen} />}
    </span>
  );
}
