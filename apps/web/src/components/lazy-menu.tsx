import { Menu, type MenuProps } from '@mantine/core';
import {
  cloneElement,
  type MouseEvent,
  type ReactElement,
  type ReactNode,
  type Ref,
  useEffect,
  useRef,
  useState,
} from 'react';

interface TargetProps {
  onClick?: (event: MouseEvent<HTMLElement>) => void;
  ref?: Ref<HTMLElement>;
}

type LazyMenuProps = Omit<MenuProps, 'opened' | 'defaultOpened' | 'onChange' | 'children'> & {
  /** The button that opens the menu (an element that takes a ref and an onClick). */
  target: ReactElement<TargetProps>;
  /** The menu's dropdown (`Menu.Dropdown` and its items). */
  children: ReactNode;
};

/**
 * A row's menu whose Mantine Menu (a popover with floating-ui hooks and its context providers) mounts at the first
 * opening; until then the target is the bare button, announcing its menu. Fifty rows with a menu each cost the
 * logistics page's first render a good part of its time when every menu is mounted up front.
 * Mounting puts the menu's own button where the bare one was, so the focus moves to it before the menu opens: the
 * menu then gives the focus back to it on close, as a menu mounted from the start does.
 */
export function LazyMenu({ target, children, ...menuProps }: LazyMenuProps) {
  const [isMounted, setMounted] = useState(false);
  const [isOpen, setOpen] = useState(false);
  const targetRef = useRef<HTMLElement>(null);

  useEffect(() => {
    if (!isMounted) return;
    targetRef.current?.focus({ preventScroll: true });
    setOpen(true);
  }, [isMounted]);

  if (!isMounted) {
    return cloneElement(target, {
      'aria-haspopup': 'menu',
      'aria-expanded': false,
      onClick: (event: MouseEvent<HTMLElement>) => {
        target.props.onClick?.(event);
        setMounted(true);
      },
    } as TargetProps);
  }
  return (
    <Menu {...menuProps} opened={isOpen} onChange={setOpen}>
      <Menu.Target>{cloneElement(target, { ref: targetRef })}</Menu.Target>
      {children}
    </Menu>
  );
}
