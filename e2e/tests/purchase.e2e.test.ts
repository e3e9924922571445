import { describe, expect, inject, it } from 'vitest';
import { browserPerFile } from '../src/browser.js';
import { readerPath } from '../src/journeys/catalogue-api.js';
import { eventually, freshUser, logIn, openSession, pathOf } from '../src/journeys/session.js';

const browser = browserPerFile();
const baseUrl = inject('baseUrl');
const BOOK = 'The Storm Gate'; // chapters after 3 are for members

describe('buying a membership in the sandbox', () => {
  it('goes from a locked chapter to the profile, pays a season card in the sandbox checkout, and then reads the chapter', async () => {
    const { context, page, pageErrors } = await openSession(browser(), baseUrl);
    const user = await freshUser(baseUrl);
    await logIn(page, user.username, user.password);
    const locked = await readerPath(baseUrl, BOOK, 5);

    await page.goto(locked);
    await page.getByRole('heading', { name: 'This chapter is only open to members' }).waitFor();
    await page.getByRole('link', { name: 'Buy now' }).click();
    await eventually(() => pathOf(page)).toBe('/profile');
    await page.getByText('Sandbox', { exact: true }).first().waitFor();

    // The card button opens the sandbox checkout in a new tab, like a payment provider's page.
    const checkoutOpened = context.waitForEvent('page');
    await page.getByRole('button', { name: 'Buy 3-month pass' }).click();
    const checkout = await checkoutOpened;
    await checkout.waitForURL(/\/sandbox\/checkout\/IS\d{8}[0-9A-F]{20}$/);
    await checkout.getByRole('heading', { name: 'Sandbox payment — no real money' }).waitFor();
    await checkout.getByRole('button', { name: 'Pay', exact: true }).click();
    await checkout.getByText(/Payment succeeded/).waitFor();
    await checkout.close();

    // The profile was polling the order every 3 s: it shows the success and the new expiry.
    await page.getByRole('heading', { name: 'Payment successful' }).waitFor({ timeout: 15_000 });
    const membership = await (
      await fetch(`${baseUrl}/api/v1/user/book/membership`, {
        headers: { authorization: `Token ${await page.evaluate(() => localStorage.getItem('X-API-TOKEN'))}` },
      })
    ).json();
    expect(Date.parse(membership.data.result.expire_at) - Date.now()).toBeGreaterThan(88 * 24 * 3600 * 1000);

    await page.goto(locked);
    await page.getByRole('heading', { level: 1, name: /^Chapter 5: / }).waitFor();
    expect(await page.getByText('This chapter is only open to members').count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
