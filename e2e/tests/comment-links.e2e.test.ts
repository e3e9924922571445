import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, PHONE } from '../src/browser.js';
import { readerPath } from '../src/journeys/catalogue-api.js';
import { eventually, openSession } from '../src/journeys/session.js';

/**
 * Issue 40, item 7, in Chromium: a comment's link shows the host the browser really visits, as
 * its address bar would: `https://аррӏе.com/` (all Cyrillic) as punycode, and
 * `https://evil.example@inkstream.example/` without its user-info. The comment is put into the
 * chapter's comment list on its way to the page (a link needs an account older than a day, and
 * the text, not the server, is under test here: the server stores what was written).
 */
const browser = browserPerFile();
const baseUrl = inject('baseUrl');
const BOOK = 'The Storm Gate';

const WRITTEN = 'Free chapters: https://аррӏе.com/ and https://evil.example@inkstream.example/ or https://bücher.example/x';

describe('links in comments', () => {
  it('show the host the browser visits, not the one typed', async () => {
    const path = await readerPath(baseUrl, BOOK, 1);
    const session = await openSession(browser(), baseUrl, { language: 'en-us', device: PHONE });
    await session.context.route('**/api/v1/comics/chapter/*/comments?*', async (route) => {
      const answer = await route.fetch();
      const page = (await answer.json()) as { data: { result: unknown[]; total: number; comments_count: number } };
      page.data.result.unshift({
        comment_uuid: '5f0c1d2e-3a4b-4c5d-8e6f-708192a3b4c5',
        parent_uuid: null,
        user: { uuid: '6a7b8c9d-0e1f-4a2b-9c3d-4e5f6a7b8c9d', username: 'linkwriter' },
        body: WRITTEN,
        spoiler: false,
        created_at: new Date().toISOString(),
        edited_at: null,
        likes: 0,
        already_liked: false,
        replies_count: 0,
        hidden: false,
      });
      page.data.total += 1;
      page.data.comments_count += 1;
      await route.fulfill({ response: answer, json: page });
    });
    await session.page.goto(path);
    const region = session.page.getByRole('main').getByRole('region', { name: /^Comments/ });
    await region.scrollIntoViewIfNeeded();
    const comment = region.getByRole('article', { name: 'linkwriter', exact: true });
    await comment.waitFor();
    const links = comment.locator('p[dir="auto"]').first().getByRole('link');
    await eventually(() => links.count()).toBe(3);
    expect(await links.allInnerTexts()).toEqual(['https://xn--80ak6aa92e.com/', 'https://inkstream.example/', 'https://bücher.example/x']);
    // What each shows is where it goes.
    const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => new URL((a as HTMLAnchorElement).href).hostname));
    expect(hrefs).toEqual(['xn--80ak6aa92e.com', 'inkstream.example', 'xn--bcher-kva.example']);
    expect(session.pageErrors).toEqual([]);
    await session.context.close();
  });
});
