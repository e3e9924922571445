import { adminCli } from './operator.js';
import { apiClient } from './api.js';
import { freshUser } from './session.js';

/**
 * Issue 46's data for browser journeys, made through the app's own doors: readers (new accounts)
 * who start books through the events API, publishing days and the figures' computation through the
 * admin command line on the test server's data folder (the running server follows within seconds).
 */

/** New signed-in readers who each start every one of `bookUuids` (co-reading counts accounts). */
export async function readersOf(baseUrl: string, bookUuids: readonly string[], readers: number): Promise<void> {
  const { apiData, tokenOf } = apiClient(baseUrl, { ownAddress: true });
  for (let i = 0; i < readers; i += 1) {
    const token = await tokenOf(await freshUser(baseUrl));
    await apiData('POST', '/events', token, { events: bookUuids.map((book_uuid) => ({ type: 'start_reading', book_uuid })) });
  }
}

/** Computes the rankings' figures and "readers also read" now (`discovery refresh`). */
export const refreshDiscovery = (dataDir: string) => adminCli(dataDir, 'discovery', 'refresh');

/** A book's regular publishing days (mon,tue,…) and time in UTC (`book publishing`). */
export const setPublishing = (dataDir: string, bookUuid: string, days: string, time: string) =>
  adminCli(dataDir, 'book', 'publishing', bookUuid, '--days', days, '--time', time, '--time-zone', 'UTC');

/** The public API's answer at `path` (under /api/v1), for waiting until the server serves new figures. */
export async function publicData<T>(baseUrl: string, path: string): Promise<T> {
  const response = await fetch(`${baseUrl}/api/v1${path}`);
  if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status}`);
  return ((await response.json()) as { data: T }).data;
}

/** Waits until `holds` is true (set-up code, where expect.poll cannot run), failing with `what` after `timeoutMs`. */
export async function waitUntil(what: string, holds: () => Promise<boolean>, timeoutMs = 90_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await holds())) {
    if (Date.now() > deadline) throw new Error(`still not true after ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
