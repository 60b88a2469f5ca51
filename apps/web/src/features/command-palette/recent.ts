/**
 * The items a user opened from the palette, newest first, kept per user in localStorage: they lead the palette so
 * that what one works on is one keystroke away. Nothing here is a secret (numbers and names the user can list).
 */
export interface RecentItem {
  /** kind:id, unique per item ('transport:12', 'screen:/logistics'). */
  key: string;
  label: string;
  description: string;
  to: string;
}

export const RECENT_MAX = 8;

const storageKey = (userId: number) => `grain.palette.recent.${userId}`;

function isRecentItem(value: unknown): value is RecentItem {
  const item = value as RecentItem;
  return (
    typeof item === 'object' &&
    item !== null &&
    typeof item.key === 'string' &&
    typeof item.label === 'string' &&
    typeof item.description === 'string' &&
    typeof item.to === 'string' &&
    item.to.startsWith('/')
  );
}

export function readRecent(userId: number): RecentItem[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(storageKey(userId)) ?? '[]');
    return Array.isArray(parsed) ? parsed.filter(isRecentItem).slice(0, RECENT_MAX) : [];
  } catch {
    return [];
  }
}

/** The list with `item` first, its older copy dropped, at most RECENT_MAX. */
export function withRecent(list: RecentItem[], item: RecentItem): RecentItem[] {
  return [item, ...list.filter((entry) => entry.key !== item.key)].slice(0, RECENT_MAX);
}

export function rememberRecent(userId: number, item: RecentItem): void {
  try {
    localStorage.setItem(storageKey(userId), JSON.stringify(withRecent(readRecent(userId), item)));
  } catch {
    // A full or blocked storage only loses the history.
  }
}
