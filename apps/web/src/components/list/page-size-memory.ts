import { PAGE_SIZES } from '@grain/shared';

/**
 * The page size a user chose on one list (spec/1 General list behaviour: 10, 25 or 50). The server keeps it
 * (GET|PUT /saved-view/page-size); this browser's copy lets a list, and early.ts, ask for the right page before
 * the server's answer arrives. No React here: early.ts runs it before the app.
 */
const cacheKey = (listKey: string) => `grain.pageSize.${listKey}`;

/** Rows of the compact density (at most 40 px; most are about 33) and what stands above and below them. */
const COMPACT_ROW_PX = 34;
const CHROME_PX = 320;

const isPageSize = (value: unknown): value is number => (PAGE_SIZES as readonly unknown[]).includes(value);

/** The smallest allowed size that fills the window with rows, so a tall screen is not left half empty. */
export function fillingPageSize(windowHeight = typeof window === 'undefined' ? 900 : window.innerHeight): number {
  const rows = Math.floor((windowHeight - CHROME_PX) / COMPACT_ROW_PX);
  return PAGE_SIZES.find((size) => size >= rows) ?? PAGE_SIZES[PAGE_SIZES.length - 1]!;
}

/** This browser's copy of the user's choice (another user's copy counts as none). */
export function cachedPageSize(listKey: string, userId: number | null): number | null {
  try {
    const stored = JSON.parse(localStorage.getItem(cacheKey(listKey)) ?? 'null') as {
      userId?: unknown;
      size?: unknown;
    };
    if (!stored || !isPageSize(stored.size)) return null;
    return userId === null || stored.userId === userId ? stored.size : null;
  } catch {
    return null;
  }
}

export function cachePageSize(listKey: string, userId: number | null, size: number) {
  try {
    localStorage.setItem(cacheKey(listKey), JSON.stringify({ userId, size }));
  } catch {
    // A full or disabled storage: the server's copy still holds the choice.
  }
}

/**
 * The size a list opens with when the address names none: the user's choice, else the list's own default, else
 * one that fills the screen.
 */
export function rememberedPageSize(listKey: string, userId: number | null, fallback?: number): number {
  return cachedPageSize(listKey, userId) ?? fallback ?? fillingPageSize();
}
