/**
 * Local storage keys (product spec section 3). The install offer's one key (`install-offer`) is
 * features/pwa/install-offer.ts's, in its lazy chunk.
 */
export const STORAGE_KEYS = {
  token: 'X-API-TOKEN',
  userUuid: 'USER_UUID',
  username: 'USERNAME',
  visitorId: 'X-VISITOR-ID',
  language: 'language',
  /** Set for the reload a language choice causes: the new page puts focus back on the language selector. */
  focusLanguageSelector: 'focus-language-selector',
  /**
   * The novel reader's old text size step (a percentage): read once, into the visitor's reading
   * preferences' font size, then removed (features/reading/modes/visitor-preferences.ts). The
   * reading screen's own keys are in features/reading/reading-storage-keys.ts (out of the shell).
   */
  readerTextSize: 'reader-text-size',
  /** A visitor id whose progress still has to move into the account (set at login, cleared once merged). */
  pendingProgressMerge: 'pending-progress-merge',
  /** Set once this browser saved a reading position: the home page then asks for "Continue reading". */
  hasProgress: 'has-reading-progress',
  /** Where the login screen would have returned to when "Forgot password?" was followed: the reset page goes there. */
  resetReturn: 'reset-return-path',
  /** 'on' when the reader switched the data saver on (lib/data-saving.ts). */
  dataSaver: 'data-saver',
  // Issue 47 (offline reading): what the start of the app looks at before it loads any offline code.
  /** '1' while chapters may be saved in this browser (features/offline): the IndexedDB database exists. */
  offlineSaved: 'offline-saved',
  /** Reading positions not yet taken by the server (lib/progress-sync.ts), sent when online. */
  progressQueue: 'offline-progress-queue',
  /** Likes and unlikes made offline, the wanted final state per chapter (lib/like-queue.ts). */
  likeQueue: 'offline-like-queue',
  /** Reading events not yet taken by the server (lib/event-queue.ts), at most 500. */
  eventQueue: 'offline-event-queue',
} as const;

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null; // storage disabled (private mode, policy): behave as a fresh visitor
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Storage may be full or disabled; the session then lasts until the page closes.
  }
}

export function removeStorage(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // nothing stored, nothing to remove
  }
}
