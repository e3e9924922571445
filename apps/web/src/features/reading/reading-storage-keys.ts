/**
 * This browser's storage keys that only the reading screen uses (issue 45). They live here, not in
 * lib/storage-keys.ts, because that file is part of every page's first load (the app shell) and the
 * landing page `/` must not grow for the reader's sake (docs/PERFORMANCE.md "Reading modes"). Their
 * names must not collide with STORAGE_KEYS' (reading-storage-keys.test.ts).
 */
export const READING_STORAGE_KEYS = {
  /** A visitor's reading preferences ({defaults, books}, as the account keeps them); moved into the account at login. */
  readingPreferences: 'reading-preferences',
  /** '1' once the paged reader's tap zones were explained here (shown once: paged/TapHint.tsx). */
  pagedTapHint: 'paged-tap-hint-seen',
} as const;
