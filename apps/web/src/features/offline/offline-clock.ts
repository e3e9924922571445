import type { OfflineStore, SavedChapter } from './saved-chapter';

/**
 * The effective now for expiry (issue 47): the latest instant the app has seen here, never earlier,
 * so a device clock turned back does not reopen a chapter whose end has passed. Reading it also
 * records `now` (the app's start, each save, each read of a saved chapter, each server check).
 */
export const effectiveNow = (store: OfflineStore, now = Date.now()): Promise<number> => store.advanceClock(now);

/**
 * The clock rule itself: the later of `now` and the latest instant seen before (anything but a number
 * counts as none). The app's store keeps it (advanceClock) and the service worker reads it.
 */
export const clockAfter = (latestSeen: unknown, now: number): number => Math.max(typeof latestSeen === 'number' ? latestSeen : 0, now);

/** Past the end it was saved or last re-checked under: it must not open, and goes. */
export const isExpired = (chapter: Pick<SavedChapter, 'readable_until'>, now: number): boolean =>
  chapter.readable_until !== null && now >= chapter.readable_until;
