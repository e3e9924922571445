import { clockAfter, isExpired } from '../features/offline/offline-clock';
import { OFFLINE_PAGES_PATH } from '../features/offline/offline-storage-names';

/**
 * The saved chapters' rule as the worker applies it (issue 47): the app's own expiry rule and clock
 * (features/offline/offline-clock.ts), over a record read from IndexedDB as it is (unchecked).
 */

/** What a saved chapter's page gets: 'serve' it, 'missing' (404), or 'expired' (404, and the chapter is deleted). */
export type SavedPageVerdict = 'serve' | 'missing' | 'expired';

export function savedPageVerdict(record: unknown, latestSeen: unknown, now: number): SavedPageVerdict {
  if (typeof record !== 'object' || record === null) return 'missing';
  const { state, readable_until } = record as { state?: unknown; readable_until?: unknown };
  if (state !== 'saved') return 'missing';
  if (readable_until === null) return 'serve';
  if (typeof readable_until !== 'number') return 'missing';
  return isExpired({ readable_until }, clockAfter(latestSeen, now)) ? 'expired' : 'serve';
}

const SAVED_PAGE = new RegExp(`^${OFFLINE_PAGES_PATH}([^/]+)/([^/]+)$`);

/** The chapter segment of a saved page's path (`/offline-pages/<chapter>/<index>`), still encoded; null for any other path. */
export const savedPageChapter = (pathname: string): string | null => SAVED_PAGE.exec(pathname)?.[1] ?? null;

/** The path prefix of one chapter's saved pages, as the app writes them (offlinePageUrl). */
export const savedPagesPrefix = (chapterUuid: string): string => `${OFFLINE_PAGES_PATH}${encodeURIComponent(chapterUuid)}/`;
