import { ACTION_LOCK_MS } from '@grain/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * spec/2 section 9: a button that does nothing for ACTION_LOCK_MS, until a moment given when it appears
 * (`lockedUntil`: a status confirmation counts from the opening of its dialog, not from when the dialog's content
 * is drawn) or after each press (`tryLock`, the filter button). `tryLock` answers whether the press may act; a
 * second click in the same frame, before React has drawn the lock, is refused as well.
 */
export function useActionLock({ lockedUntil }: { lockedUntil?: number } = {}): {
  isLocked: boolean;
  tryLock: () => boolean;
} {
  const [isLocked, setLocked] = useState(() => lockedUntil !== undefined && lockedUntil > Date.now());
  const isLockedNow = useRef(isLocked);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const setLock = useCallback((isOn: boolean) => {
    isLockedNow.current = isOn;
    setLocked(isOn);
  }, []);

  const lockFor = useCallback(
    (ms: number) => {
      clearTimeout(timer.current);
      if (ms <= 0) return setLock(false);
      setLock(true);
      timer.current = setTimeout(() => setLock(false), ms);
    },
    [setLock],
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: the moment is the one given when the button appeared
  useEffect(() => {
    if (lockedUntil !== undefined) lockFor(lockedUntil - Date.now());
    return () => clearTimeout(timer.current);
  }, []);

  const tryLock = useCallback(() => {
    if (isLockedNow.current) return false;
    lockFor(ACTION_LOCK_MS);
    return true;
  }, [lockFor]);

  return { isLocked, tryLock };
}
