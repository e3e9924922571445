/*
 * Where saved chapters live in the browser (issue 47), shared with the service worker
 * (apps/web/src/service-worker/), which reads the records and serves the pages: both import these
 * names from here, and a browser keeps what older versions stored under them, so they never change.
 *
 * - IndexedDB `inkstream-offline`, version 1: store `chapters` (keyPath `chapter_uuid`, index
 *   `book_uuid`), store `meta` (keyPath `key`) with `{ key: 'clock', latest }`, the latest Date.now()
 *   the app has seen: the effective now for expiry is max(Date.now(), latest) (offline-clock.ts
 *   clockAfter), so a clock turned back does not reopen a chapter.
 *   The same store keeps `{ key: 'ended:<chapter_uuid>', ended_at, … }` for a copy that ended (its place
 *   in its book), so the reader still shows the expired notice once the record is gone.
 * - Cache Storage `inkstream-offline-pages-v1`: each page image under its same-origin URL
 *   `/offline-pages/<chapter_uuid>/<index>`, which the saved content's pages point at.
 */
export const OFFLINE_DB_NAME = 'inkstream-offline';
export const OFFLINE_DB_VERSION = 1;
export const CHAPTERS_STORE = 'chapters';
export const BOOK_INDEX = 'book_uuid';
export const META_STORE = 'meta';
export const CLOCK_KEY = 'clock';
export const ENDED_PREFIX = 'ended:';
export const PAGES_CACHE = 'inkstream-offline-pages-v1';
/** The folder of saved pages' addresses (same-origin; the service worker answers them from PAGES_CACHE). */
export const OFFLINE_PAGES_PATH = '/offline-pages/';

/** The address of a saved page: the service worker answers it from PAGES_CACHE, with or without a connection. */
export const offlinePageUrl = (chapterUuid: string, index: number) => `${OFFLINE_PAGES_PATH}${chapterUuid}/${index}`;
