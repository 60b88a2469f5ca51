import { useMediaQuery } from '@mantine/hooks';

/** Modals fill the screen on phones (the contractor details popup uses the same width). */
export const PHONE_QUERY = '(max-width: 36em)';

export function useIsPhone(): boolean {
  return useMediaQuery(PHONE_QUERY) ?? false;
}

/** For modals opened outside React (modals.open): the width at the moment they open. */
export function isPhoneNow(): boolean {
  return typeof window !== 'undefined' && window.matchMedia(PHONE_QUERY).matches;
}
