import { ACTION_LOCK_MS } from '@grain/shared';
import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * spec/2 section 9: a button that does nothing for ACTION_LOCK_MS, from its first render (`isLockedAtStart`, the
 * status confirmation) or from each press (`tryLock`, the filter button). `tryLock` answers whether the press may
 * act; a second click in the same frame, before React has drawn the lock, is refused as well.
 */
export function useActionLock({ isLockedAtStart = false } = {}): { isLocked: boolean; tryLock: () => boolean } {
  const [isLocked, setLocked] = useState(isLockedAtStart);
  const isLockedNow = useRef(isLockedAtStart);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const lockFor = useCallback((ms: number) => {
    isLockedNow.current = true;
    setLocked(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      isLockedNow.current = false;
      setLocked(false);
    }, ms);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the start lock is counted from the first render only
  useEffect(() => {
    if (isLockedAtStart) lockFor(ACTION_LOCK_MS);
    return () => clearTimeout(timer.current);
  }, []);

  const tryLock = useCallback(() => {
    if (isLockedNow.current) return false;
    lockFor(ACTION_LOCK_MS);
    return true;
  }, [lockFor]);

  return { isLocked, tryLock };
}
