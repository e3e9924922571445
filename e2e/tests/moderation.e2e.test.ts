import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, PHONE } from '../src/browser.js';
import { bookUuid, chapterUuid } from '../src/journeys/catalogue-api.js';
import { createOperator, createReaderOnServer } from '../src/journeys/operator.js';
import { eventually, openSession, storeSessionViaApi } from '../src/journeys/session.js';

/**
 * Issue 31, the moderators' side: a reader's comment is reported, a moderator hides it in the
 * console on a phone, and readers no longer get it. The comment carries the classic script
 * payloads: the console shows them as text and none of them runs (no flag set, no dialog).
 *
 * Posts and reports through the readers' calls of the contract (POST /comics/chapter/{uuid}/comments,
 * POST /comics/comment/{uuid}/report, GET /comics/chapter/{uuid}/comments): needs the readers'
 * comments server (branch s31-comments) in the build.
 */
let browser: Browser;
let operator: { username: string; password: string };
const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');

const PAYLOADS = [
  '<script>window.__xss = "script"</script>',
  '<img src=x onerror="window.__xss = \'img\'">',
  '"><svg onload="window.__xss = \'svg\'">',
  '<a href="javascript:window.__xss=\'link\'">tap me</a>',
];

beforeAll(async () => {
  browser = await launchBrowser();
  operator = await createOperator(dataDir);
});
afterAll(async () => {
  await browser?.close();
});

async function api<T>(method: string, url: string, token: string | null, body?: unknown): Promise<{ status: number; data: T }> {
  const response = await fetch(`${baseUrl}/api/v1${url}`, {
    method,
    headers: {
      ...(token ? { authorization: `Token ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await response.json()) as { data: T };
  return { status: response.status, data: json.data };
}

const tokenOf = async (user: { username: string; password: string }) =>
  (await api<{ jwt_token: string }>('POST', '/user/login', null, user)).data.jwt_token;

describe('moderation in the console', () => {
  it('hides a reported comment on a phone: its script payloads stay text, and readers no longer get it', async () => {
    const book = await bookUuid(baseUrl, 'The Storm Gate');
    const chapter = await chapterUuid(baseUrl, book, 1);
    const writer = await createReaderOnServer(dataDir);
    const reporter = await createReaderOnServer(dataDir);
    const body = `Moderate me ${Date.now()}\n${PAYLOADS.join('\n')}`;
    const posted = await api<{ result: { comment_uuid: string } }>('POST', `/comics/chapter/${chapter}/comments`, await tokenOf(writer), {
      body,
    });
    expect(posted.status, 'the readers comments routes (s31-comments) must be in the build').toBe(201);
    const commentUuid = posted.data.result.comment_uuid;
    const reported = await api('POST', `/comics/comment/${commentUuid}/report`, await tokenOf(reporter), { reason: 'harassment' });
    expect(reported.status).toBe(200);
    const readersSee = async () =>
      (
        await api<{ result: { comment_uuid: string }[] }>(
          'GET',
          `/comics/chapter/${chapter}/comments?sort=newest&page=1&page_size=50`,
          null,
        )
      ).data.result.map((comment) => comment.comment_uuid);
    expect(await readersSee()).toContain(commentUuid);

    const { context, page, pageErrors } = await openSession(browser, baseUrl, { device: PHONE });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await context.addInitScript(() => {
      (window as unknown as { __xss?: string }).__xss = undefined;
    });
    await storeSessionViaApi(context, baseUrl, operator.username, operator.password);
    await page.goto('/admin/moderation');

    const card = page.getByRole('article', { name: `Comment by ${writer.username}` });
    await card.waitFor();
    // Every payload is shown exactly as written, as text.
    for (const payload of PAYLOADS) await expect(card.getByText(payload, { exact: false }).count()).resolves.toBeGreaterThan(0);
    expect(await card.locator('script, img, svg, a[href^="javascript"]').count()).toBe(0);
    await card.getByText('tap me', { exact: false }).first().click();

    await card.getByRole('button', { name: 'Hide' }).click();
    await expect(card.getByText(/Hide this comment by/).isVisible()).resolves.toBe(true);
    await card.getByRole('button', { name: 'Hide' }).click();
    await eventually(readersSee).not.toContain(commentUuid);
    await page.getByRole('main').getByText('No open reports.').waitFor();

    expect(await page.evaluate(() => (window as unknown as { __xss?: string }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
