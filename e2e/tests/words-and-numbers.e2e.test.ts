import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { browserPerFile, DESKTOP, PHONE } from '../src/browser.js';
import { apiClient } from '../src/journeys/api.js';
import { createReaderOnServer, operatorPerFile } from '../src/journeys/operator.js';
import { DEMO_MEMBER, openSession, storeSessionViaApi } from '../src/journeys/session.js';

// Issue 40, items 11 and 18, as a new reader and an operator see them: one price formatter (the
// sandbox checkout, the profile and the console write "10 يوان صيني", never "¥CN ١٠٫٠٠"), one
// name per plan, the profile's expiry with its time zone, zh-cn saying 你, and the console saying
// providers, plans, actions and events in words. In en-us, zh-cn and ar-sa, on a phone and a desktop.

const browser = browserPerFile();
let reader: { username: string; password: string };
let adminToken = '';
let orderId = '';
const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');
const operator = operatorPerFile(dataDir);
const ARABIC_INDIC = /[\u0660-\u0669\u06f0-\u06f9]/;
const ZONED_EXPIRY = /^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2} (UTC|GMT[+-]\d{1,2}(:\d{2})?)$/;

const WORDS = {
  'en-us': {
    month: 'Monthly pass',
    price: 'CN¥10',
    sandbox: 'Sandbox',
    couponCreated: 'Coupon created',
    paid: 'Sandbox payment succeeded',
  },
  'zh-cn': { month: '月卡', price: '¥10', sandbox: '沙盒', couponCreated: '创建兑换码', paid: '沙盒支付成功' },
  'ar-sa': {
    month: 'الاشتراك الشهري',
    price: '10 يوان صيني',
    sandbox: 'بيئة الاختبار',
    couponCreated: 'إنشاء قسيمة',
    paid: 'نجح الدفع في بيئة الاختبار',
  },
} as const;
type Language = keyof typeof WORDS;
const LANGUAGES = Object.keys(WORDS) as Language[];

const { apiData, tokenOf } = apiClient(baseUrl);

const mainText = (page: Page) => page.locator('main').innerText();

beforeAll(async () => {
  reader = await createReaderOnServer(dataDir);
  adminToken = await tokenOf(operator);
  const readerToken = await tokenOf(reader);
  // A month card paid in the sandbox (an order, a provider event, a day of revenue), left unpaid
  // until the checkout has been looked at, and a coupon (an audit entry).
  orderId = (
    await apiData<{ order_id: string }>('POST', '/payment/wechat/payment/china_book_membership/create', readerToken, { months: 1 })
  ).order_id;
  await apiData('POST', '/admin/coupons', adminToken, { code: `WORDS${Date.now().toString(36)}`.toUpperCase(), days: 7 });
});

describe('words and numbers', () => {
  it('ar-sa: the sandbox checkout writes the month card as the locked screen and the profile do, digits alike', async () => {
    for (const device of [PHONE, DESKTOP]) {
      const { context, page, pageErrors } = await openSession(browser(), baseUrl, { device, language: 'ar-sa' });
      await storeSessionViaApi(context, baseUrl, reader.username, reader.password);
      await page.goto(`/sandbox/checkout/${orderId}`);
      const amount = page.locator('dt', { hasText: 'المبلغ' }).locator('xpath=following-sibling::dd[1]');
      await amount.waitFor();
      expect(await amount.innerText()).toBe(WORDS['ar-sa'].price);
      const text = await mainText(page);
      expect(text).not.toContain('¥CN');
      expect(text).not.toMatch(ARABIC_INDIC);
      expect(text).toContain(`${WORDS['ar-sa'].month} (`);
      expect(pageErrors).toEqual([]);
      await context.close();
    }
    await apiData('POST', `/payment/sandbox/orders/${orderId}/pay`, await tokenOf(reader), { outcome: 'succeeded' });
  });

  for (const language of LANGUAGES) {
    it(`${language}: the profile shows the expiry with its time zone, the plans by their names and prices`, async () => {
      for (const device of [PHONE, DESKTOP]) {
        const { context, page, pageErrors } = await openSession(browser(), baseUrl, { device, language });
        await storeSessionViaApi(context, baseUrl, DEMO_MEMBER.username, DEMO_MEMBER.password);
        await page.goto('/profile');
        const expiry = page.locator('time[datetime]').first();
        await expiry.waitFor();
        expect(await expiry.innerText()).toMatch(ZONED_EXPIRY);
        await page.getByText(WORDS[language].price).first().waitFor();
        const text = await mainText(page);
        expect(text).not.toMatch(ARABIC_INDIC);
        expect(text).not.toContain('¥CN');
        if (language === 'zh-cn') {
          expect(text).toContain(WORDS[language].month);
          expect(text).not.toContain('您');
        }
        expect(pageErrors).toEqual([]);
        await context.close();
      }
    });

    it(`${language}: the console says providers, plans, prices, events and actions in words`, async () => {
      for (const device of [PHONE, DESKTOP]) {
        const { context, page, pageErrors } = await openSession(browser(), baseUrl, { device, language });
        await storeSessionViaApi(context, baseUrl, operator.username, operator.password);
        const words = WORDS[language];

        // Dashboard: the revenue lines by provider and plan, never "sandbox:month".
        await page.goto('/admin');
        const revenue = page.locator('figure#revenue, figure').first();
        await revenue.locator('summary').click();
        await revenue.getByRole('columnheader', { name: `${words.sandbox} · ${words.month}` }).waitFor();
        expect(await revenue.innerText()).not.toContain('sandbox:month');

        // An order: its plan by the site's name, its amount as a price, its event in words.
        await page.goto(`/admin/orders/${orderId}`);
        await page.getByText(words.paid).waitFor();
        const order = await mainText(page);
        expect(order).toContain(words.price);
        expect(order).toContain(words.month);
        expect(order).not.toMatch(/\bfen\b|sandbox\.succeeded/);
        expect(order).toMatch(/UTC|GMT/);
        if (language === 'ar-sa') expect(order).not.toMatch(ARABIC_INDIC);

        // The audit log: actions in words.
        await page.goto('/admin/audit');
        await page.getByText(words.couponCreated).first().waitFor();
        expect(await mainText(page)).not.toContain('coupon.create');
        expect(pageErrors).toEqual([]);
        await context.close();
      }
    });
  }
});
