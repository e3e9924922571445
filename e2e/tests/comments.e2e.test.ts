import { randomInt } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, PHONE } from '../src/browser.js';
import { readerPath } from '../src/journeys/catalogue-api.js';
import { eventually, freshUser, openSession, storeSessionViaApi } from '../src/journeys/session.js';

const browser = browserPerFile();
const baseUrl = inject('baseUrl');
const BOOK = 'The Storm Gate'; // 120 chapters, the first 3 free

/** What a reader sees, in the two languages the issue asks for (written here, not read from the app's files). */
const TEXT = {
  'en-us': {
    region: /^Comments/,
    field: 'Write a comment',
    post: 'Post',
    reply: 'Reply',
    spoiler: 'Spoiler',
    reveal: 'Spoiler – tap to reveal',
    oneReply: '1 reply',
    like: (count: number) => `Like ${count}`,
    links: /^New accounts cannot post links yet/,
  },
  'ar-sa': {
    region: /^التعليقات/,
    field: 'اكتب تعليقًا',
    post: 'نشر',
    reply: 'رد',
    spoiler: 'حرق للأحداث',
    reveal: 'حرق للأحداث – انقر للعرض',
    oneReply: 'رد واحد',
    like: (count: number) => `إعجاب ${count}`,
    links: /^لا يمكن للحسابات الجديدة نشر روابط بعد/,
  },
} as const;
type Language = keyof typeof TEXT;

/**
 * A reader of their own, logged in on a phone, from an address of their own: the server allows
 * one comment per 10 s per reader and per address, and trusts the local proxy's X-Forwarded-For
 * (TRUST_PROXY=127.0.0.1), so each reader here posts at once instead of waiting out the limit.
 */
async function reader(language: Language) {
  const user = await freshUser(baseUrl);
  const session = await openSession(browser(), baseUrl, { language, device: PHONE });
  await session.context.setExtraHTTPHeaders({ 'X-Forwarded-For': `10.${randomInt(32, 250)}.${randomInt(256)}.${randomInt(1, 255)}` });
  await storeSessionViaApi(session.context, baseUrl, user.username, user.password);
  const dialogs: string[] = [];
  session.page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return { ...session, user, dialogs };
}

/** Opens the chapter, scrolls to its end and waits for the comments (they load only when the end comes near). */
async function openComments(page: Page, path: string, language: Language): Promise<Locator> {
  await page.goto(path);
  const region = page.getByRole('main').getByRole('region', { name: TEXT[language].region });
  await region.scrollIntoViewIfNeeded();
  await region.getByRole('textbox', { name: TEXT[language].field }).waitFor();
  await eventually(() => region.getAttribute('aria-busy')).toBe('false');
  return region;
}

async function post(region: Locator, language: Language, body: string, options: { spoiler?: boolean } = {}) {
  await region.getByRole('textbox', { name: TEXT[language].field }).fill(body);
  if (options.spoiler) await region.getByRole('checkbox', { name: TEXT[language].spoiler }).check();
  await region.getByRole('button', { name: TEXT[language].post, exact: true }).click();
}

const article = (region: Locator, username: string) => region.getByRole('article', { name: username, exact: true });

const XSS = [
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=1">',
  '"><svg onload=window.__xss=1>',
  'javascript:window.__xss=1',
];

describe.each([
  ['en-us', 2],
  ['ar-sa', 3],
] as const)('comments at the end of a free chapter, on a phone in %s', (language, chapter) => {
  const t = TEXT[language];

  it('reads, posts, replies, reveals a spoiler and likes; markup and script links stay text', async () => {
    const path = await readerPath(baseUrl, BOOK, chapter);
    const stamp = `${language}-${Date.now().toString(36)}`;

    // Alice writes two lines.
    const alice = await reader(language);
    let region = await openComments(alice.page, path, language);
    await post(region, language, `First thoughts ${stamp}\nsecond line`);
    const aliceComment = article(region, alice.user.username);
    await aliceComment.waitFor();
    expect(await aliceComment.locator('p[dir="auto"]').first().innerText()).toBe(`First thoughts ${stamp}\nsecond line`);
    expect(await aliceComment.locator('time').getAttribute('datetime')).toMatch(/^\d{4}-\d\d-\d\dT/);

    // Bob marks his comment as a spoiler, and likes Alice's.
    const bob = await reader(language);
    region = await openComments(bob.page, path, language);
    await post(region, language, `The gate opens inward ${stamp}`, { spoiler: true });
    await article(region, bob.user.username).waitFor();
    const like = article(region, alice.user.username).getByRole('button', { name: t.like(0) });
    expect(await like.getAttribute('aria-pressed')).toBe('false');
    await like.click();
    const liked = article(region, alice.user.username).getByRole('button', { name: t.like(1) });
    await eventually(() => liked.getAttribute('aria-pressed')).toBe('true');
    await eventually(() => liked.isEnabled()).toBe(true); // the server has answered

    // Carol reads the chapter's comments, taps Bob's spoiler open and replies to Alice.
    const carol = await reader(language);
    region = await openComments(carol.page, path, language);
    const bobComment = article(region, bob.user.username);
    const spoilerText = bobComment.getByText(`The gate opens inward ${stamp}`);
    expect(await spoilerText.isVisible()).toBe(false);
    const reveal = bobComment.getByRole('button', { name: t.reveal });
    expect(await reveal.getAttribute('aria-expanded')).toBe('false');
    await reveal.click();
    await spoilerText.waitFor({ state: 'visible' });
    const aliceSeen = article(region, alice.user.username);
    expect(await aliceSeen.getByRole('button', { name: t.like(1) }).getAttribute('aria-pressed')).toBe('false');
    await aliceSeen.getByRole('button', { name: t.reply, exact: true }).click();
    await aliceSeen.locator('textarea').fill(`I agree ${stamp}`);
    await aliceSeen.locator('form').getByRole('button', { name: t.reply, exact: true }).click();
    await article(aliceSeen, carol.user.username).getByText(`I agree ${stamp}`).waitFor();

    // Alice sees the reply under her comment after a reload (one level, opened on request).
    await alice.page.reload();
    region = await openComments(alice.page, path, language);
    await article(region, alice.user.username).getByRole('button', { name: t.oneReply }).click();
    await article(region, carol.user.username).getByText(`I agree ${stamp}`).waitFor();

    // Eve posts the classic payloads: shown literally, nothing runs, no dialog opens, no link made.
    const eve = await reader(language);
    region = await openComments(eve.page, path, language);
    await post(region, language, `${XSS.join('\n')}\n${stamp}`);
    const eveComment = article(region, eve.user.username);
    await eveComment.waitFor();
    for (const reload of [false, true]) {
      if (reload) {
        await eve.page.reload();
        region = await openComments(eve.page, path, language);
      }
      const body = await article(region, eve.user.username).locator('p[dir="auto"]').first().innerText();
      expect(body).toBe(`${XSS.join('\n')}\n${stamp}`);
      expect(await article(region, eve.user.username).locator('a, img, svg:not([aria-hidden]), script').count()).toBe(0);
      expect(await eve.page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
    }
    expect(eve.dialogs).toEqual([]);

    // A new account may not post links yet: told so, in an alert, and nothing is posted.
    const frank = await reader(language);
    region = await openComments(frank.page, path, language);
    await post(region, language, `More at https://example.com/${stamp}`);
    expect(await region.getByRole('alert').innerText()).toMatch(t.links);
    expect(await article(region, frank.user.username).count()).toBe(0);

    for (const session of [alice, bob, carol, eve, frank]) {
      expect(session.pageErrors).toEqual([]);
      expect(session.dialogs).toEqual([]);
      expect(await session.page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
      await session.context.close();
    }
  });
});
