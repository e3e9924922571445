import { createHash, randomUUID } from 'node:crypto';
import path from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, PHONE } from '../src/browser.js';
import { bookUuid, chapterUuid } from '../src/journeys/catalogue-api.js';
import { freshUser, openSession, storeSessionViaApi } from '../src/journeys/session.js';

// Reply alerts (issue 31): a reply to your comment appears in the library's Alerts tab, the
// header's count says so, and opening the tab clears it. The comment and the reply are written
// straight into the server's database (the comments screens are tested on their own).

const browser = browserPerFile();
const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const BOOK = 'The Storm Gate';

/** A comment by `author` on the chapter, a reply to it by `replier` and the author's alert, as the comments service writes them. */
function replyInDatabase(chapter: string, author: string, replier: string, body: string): void {
  const db = new Database(path.join(dataDir, 'inkstream.sqlite'), { fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  try {
    const userId = (name: string) => (db.prepare('SELECT id FROM users WHERE username = ?').get(name) as { id: number }).id;
    const { id: chapterId, book_id: bookId } = db.prepare('SELECT id, book_id FROM chapters WHERE uuid = ?').get(chapter) as {
      id: number;
      book_id: number;
    };
    const insert = db.prepare(
      `INSERT INTO comments (uuid, book_id, chapter_id, user_id, parent_id, body, body_hash, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const hash = (text: string) => createHash('sha256').update(`${text}${randomUUID()}`).digest('hex');
    const now = Date.now();
    db.transaction(() => {
      const parent = insert.run(randomUUID(), bookId, chapterId, userId(author), null, 'Who opened the gate?', hash('a'), now - 60_000);
      const reply = insert.run(randomUUID(), bookId, chapterId, userId(replier), parent.lastInsertRowid, body, hash('b'), now);
      db.prepare('INSERT INTO comment_alerts (user_id, comment_id, created_at) VALUES (?, ?, ?)').run(
        userId(author),
        reply.lastInsertRowid,
        now,
      );
    })();
  } finally {
    db.close();
  }
}

describe('reply alerts on a phone', () => {
  for (const language of ['en-us', 'ar-sa'] as const) {
    it(`${language}: the header counts the reply, the Alerts tab shows it as text, and the count clears`, async () => {
      const book = await bookUuid(baseUrl, BOOK);
      const chapter = await chapterUuid(baseUrl, book, 1);
      const [alice, bob] = await Promise.all([freshUser(baseUrl), freshUser(baseUrl)]);
      const payload = '<img src=x onerror="window.__pwned=1"> the keeper did';
      replyInDatabase(chapter, alice.username, bob.username, payload);

      const { context, page, pageErrors } = await openSession(browser(), baseUrl, { device: PHONE, language });
      await storeSessionViaApi(context, baseUrl, alice.username, alice.password);
      await page.goto('/');
      const count = page.getByTestId('library-alerts');
      await count.waitFor();
      expect(await count.textContent()).toBe('1');

      await page.goto('/library?tab=alerts');
      const alert = page.getByTestId('reply-alert');
      await alert.waitFor();
      // The reply is text: the markup is shown, nothing of it ran.
      await alert.getByText(payload).waitFor();
      expect(await page.evaluate(() => (window as { __pwned?: number }).__pwned)).toBeUndefined();
      expect(await alert.getByText(bob.username).count()).toBeGreaterThan(0);
      const link = alert.getByRole('link');
      expect(await link.getAttribute('href')).toBe(`/reader/book/chapter/${book}/${chapter}/1#comments`);
      if (language === 'ar-sa') expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
      // Shown, so read: the header's count goes.
      await count.waitFor({ state: 'detached' });
      await page.reload();
      await alert.waitFor();
      expect(await page.getByTestId('library-alerts').count()).toBe(0);
      expect(pageErrors).toEqual([]);
      await context.close();
    });
  }
});
