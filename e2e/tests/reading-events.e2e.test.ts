import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, PHONE } from '../src/browser.js';
import { readerPath } from '../src/journeys/catalogue-api.js';
import { readingScreen } from '../src/journeys/reading-screen.js';
import { eventually, freshUser, openSession, storeSessionViaApi } from '../src/journeys/session.js';

const browser = browserPerFile();
const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const BOOK = 'The Storm Gate';

/** start_reading events the server stored for a user, read straight from its database file. */
function startsStoredFor(username: string): number {
  const db = new Database(path.join(dataDir, 'inkstream.sqlite'), { readonly: true, fileMustExist: true });
  try {
    const row = db
      .prepare(
        `SELECT COUNT(*) AS n FROM reading_events e JOIN users u ON u.id = e.user_id
         WHERE u.username = ? AND e.event_type = 'start_reading'`,
      )
      .get(username) as { n: number };
    return row.n;
  } finally {
    db.close();
  }
}

describe('reading events from the browser', () => {
  it('are stored with the logged-in reader’s account, not as anonymous', async () => {
    // A new account: each reader's start of a chapter counts once a day, so it must not have read before.
    const user = await freshUser(baseUrl);
    expect(startsStoredFor(user.username)).toBe(0);
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { device: PHONE });
    await storeSessionViaApi(context, baseUrl, user.username, user.password);
    await page.goto(await readerPath(baseUrl, BOOK, 2));
    await readingScreen(page).pages.first().waitFor();
    await eventually(() => startsStoredFor(user.username)).toBe(1);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
