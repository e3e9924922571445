import { useBrowserValue } from './browser-value';

/**
 * The reader's own time zone, for every time a screen shows (the calendar, the next release, early
 * access). The server cannot know it, so a server render and the browser's hydration of it show no
 * clock time at all (a time in UTC would be a wrong time on every phone outside UTC, for as long as
 * the script takes to load: issue 56 saw 0:19 for 8:19 in Shanghai for about 5 s). The zone is read
 * synchronously in the render right after hydration (useSyncExternalStore), without an effect.
 */

/** The reader's zone (IANA) as the browser knows it; UTC when it does not say. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

/** The reader's zone, or null while the server renders and while the browser takes that render over. */
export function useReaderTimeZone(): string | null {
  return useBrowserValue<string | null>(browserTimeZone, null);
}
