import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile } from '../src/browser.js';
import { eventually, freshUser, openSession, storeSessionViaApi } from '../src/journeys/session.js';

const browser = browserPerFile();
const baseUrl = inject('baseUrl');

/** What each language's screens say (the words under test: apps/web/src/i18n/locales/<lang>/profile.json, payments.json). */
const WORDS = {
  'en-us': {
    giftSeason: 'Gift a 3-month pass',
    pay: 'Pay',
    paid: /The gift's code is on the profile/,
    confirm: 'Redeem the gift',
    own: 'This is a gift you bought: pass the code on to your friend, who redeems it on their own account.',
    redeemed: /^Gift redeemed\. Your membership now runs until /,
    twice: 'This gift code has already been redeemed.',
    listRedeemed: /redeemed on /,
  },
  'zh-cn': {
    giftSeason: '赠送季卡',
    openCheckout: '打开沙盒收银台',
    pay: '支付',
    paid: /礼物兑换码显示在/,
    confirm: '兑换礼物',
    own: '这是你购买的礼物：请把兑换码转交给朋友，由朋友在自己的账户中兑换。',
    redeemed: /^礼物兑换成功。你的会员有效期至 /,
    twice: '此礼物兑换码已被兑换。',
    listRedeemed: /已于 .+ 兑换/,
  },
} as const;
type Language = keyof typeof WORDS;

const tokenOf = (page: Page) => page.evaluate(() => localStorage.getItem('X-API-TOKEN'));

/** Pays the gift in the sandbox checkout tab the profile opens (en-us: the card button; zh-cn: WeChat's QR panel link). */
async function payGift(context: BrowserContext, page: Page, language: Language): Promise<void> {
  const words = WORDS[language];
  const checkoutOpened = context.waitForEvent('page');
  await page.getByRole('button', { name: new RegExp(`^${words.giftSeason}`) }).click();
  if ('openCheckout' in words) await page.getByRole('link', { name: words.openCheckout }).click();
  const checkout = await checkoutOpened;
  await checkout.waitForURL(/\/sandbox\/checkout\/IS\d{8}[0-9A-F]{20}/);
  await checkout.getByRole('button', { name: words.pay, exact: true }).click();
  await checkout.getByText(words.paid).first().waitFor();
  await checkout.close();
}

describe('gift memberships in the browser', () => {
  for (const language of Object.keys(WORDS) as Language[]) {
    it(`${language}: buys a season as a gift on the sandbox, sees the code once, and a friend redeems it (the buyer cannot)`, async () => {
      const words = WORDS[language];
      const buyer = await freshUser(baseUrl);
      const friend = await freshUser(baseUrl);

      const bought = await openSession(browser(), baseUrl, { language });
      await storeSessionViaApi(bought.context, baseUrl, buyer.username, buyer.password);
      await bought.page.goto('/profile');
      await payGift(bought.context, bought.page, language);
      // The profile was polling the order: the server's answer carries the code and link, shown here.
      const code = (await bought.page.getByTestId('gift-code').textContent({ timeout: 15_000 }))!.trim();
      expect(code).toMatch(/^GIFT(-[0-9A-Z]{4}){4}$/);
      const link = (await bought.page.getByTestId('gift-link').getAttribute('href'))!;
      expect(link).toMatch(new RegExp(`/gift#${code}$`));
      // The buyer got no time.
      const buyerMembership = await (
        await fetch(`${baseUrl}/api/v1/user/book/membership`, { headers: { authorization: `Token ${await tokenOf(bought.page)}` } })
      ).json();
      expect(buyerMembership.data.result).toBeNull();

      // The buyer opens the link: their own gift is refused, in their words.
      await bought.page.goto(new URL(link).pathname + new URL(link).hash);
      await bought.page.getByRole('button', { name: words.confirm }).click();
      await bought.page.getByRole('alert').getByText(words.own).waitFor();

      // The friend opens it on their account and confirms.
      const received = await openSession(browser(), baseUrl, { language });
      await storeSessionViaApi(received.context, baseUrl, friend.username, friend.password);
      await received.page.goto(new URL(link).pathname + new URL(link).hash);
      await received.page.getByRole('button', { name: words.confirm }).click();
      await received.page.getByRole('status').getByText(words.redeemed).waitFor();
      const friendMembership = await (
        await fetch(`${baseUrl}/api/v1/user/book/membership`, { headers: { authorization: `Token ${await tokenOf(received.page)}` } })
      ).json();
      expect(Date.parse(friendMembership.data.result.expire_at) - Date.now()).toBeGreaterThan(88 * 24 * 3600 * 1000);

      // Twice: refused.
      await received.page.reload();
      await received.page.getByRole('button', { name: words.confirm }).click();
      await received.page.getByRole('alert').getByText(words.twice).waitFor();

      // The buyer's gift list: redeemed, with its date, and never the code again.
      await bought.page.goto('/profile');
      await eventually(async () => (await bought.page.getByTestId('gift-list').textContent()) ?? '').toMatch(words.listRedeemed);
      expect(await bought.page.getByTestId('gift-list').textContent()).not.toContain(code);

      expect(bought.pageErrors).toEqual([]);
      expect(received.pageErrors).toEqual([]);
      await bought.context.close();
      await received.context.close();
    }, 90_000);
  }
});
