import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, DESKTOP, PHONE } from '../src/browser.js';
import { localeFile } from '../src/journeys/locale-texts.js';
import { freshUser, openSession, storeSessionViaApi } from '../src/journeys/session.js';

/**
 * Issue 59: a renewing membership on the profile, in the sandbox, as a reader meets it: subscribe on
 * the sandbox checkout, see when it renews and for how much, a declined renewal's banner, the card
 * fixed, cancel with an optional reason, resume. In en-us on a desktop and zh-cn on a phone.
 */

const browser = browserPerFile();
const baseUrl = inject('baseUrl');
// Screenshots for a person to look at, only when asked: RENEWAL_SHOTS_DIR=/tmp/shots.
const shots = process.env.RENEWAL_SHOTS_DIR;

async function journey(language: 'en-us' | 'zh-cn' | 'ar-sa', device: typeof PHONE | typeof DESKTOP) {
  const texts = localeFile(language, 'renewal.json');
  const { context, page, pageErrors } = await openSession(browser(), baseUrl, { language, device });
  const user = await freshUser(baseUrl);
  await storeSessionViaApi(context, baseUrl, user.username, user.password);
  await page.goto('/profile#top-up');
  const renewing = page.getByTestId('renewing-buttons');
  await renewing.waitFor();

  // Subscribe monthly: the same sandbox checkout as a one-time card, in a new tab.
  const checkoutOpened = context.waitForEvent('page');
  await renewing.getByRole('button', { name: new RegExp(texts.buy.month) }).click();
  const checkout = await checkoutOpened;
  await checkout.waitForURL(/\/sandbox\/checkout\/IS\d{8}[0-9A-F]{20}/);
  const payTexts = localeFile(language, 'payments.json').checkout;
  await checkout.getByRole('button', { name: payTexts.pay, exact: true }).click();
  await checkout.getByText(payTexts.succeeded).waitFor();
  await checkout.close();

  // The profile polls the order; the renewal section then says when it renews.
  const section = page.locator('#renewal');
  await section.getByTestId('renewal-state').waitFor({ timeout: 20_000 });
  await shoot(page, language, device, 'renewing');

  // The card is declined at renewal: the banner with the last day of grace.
  await section.getByRole('button', { name: texts.simulate.renewal_failed }).click();
  await section.getByTestId('renewal-failed').waitFor();
  await shoot(page, language, device, 'past-due');
  await section.getByRole('button', { name: texts.simulate.fixed }).click();
  // "Cancel renewal" shows while past due too: wait for the banner to go, the renewing state's own sign.
  await section.getByTestId('renewal-failed').waitFor({ state: 'detached' });
  await section.getByRole('button', { name: texts.simulate.renewal_failed }).waitFor();

  // Cancel in one click (the reason may stay empty), then resume in one click.
  await section.getByRole('button', { name: texts.cancel }).click();
  await section.getByLabel(texts.reason).fill(language === 'zh-cn' ? '先看完手上的' : 'Too many series at once');
  await shoot(page, language, device, 'confirm-cancel');
  await section.getByRole('button', { name: texts.confirmCancel }).click();
  await section.getByRole('button', { name: texts.resume }).waitFor();
  await shoot(page, language, device, 'canceling');
  const axe = await new AxeBuilder({ page }).include('#renewal').analyze();
  expect(axe.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([]);
  await section.getByRole('button', { name: texts.resume }).click();
  await section.getByRole('button', { name: texts.cancel }).waitFor();
  expect(pageErrors).toEqual([]);
  await context.close();
}

async function shoot(page: Page, language: string, device: typeof PHONE | typeof DESKTOP, name: string) {
  if (!shots) return;
  mkdirSync(shots, { recursive: true });
  const kind = device === PHONE ? 'phone' : 'desktop';
  await page.locator('#renewal').screenshot({ path: path.join(shots, `${language}-${kind}-${name}.png`) });
}

describe('a renewing membership on the profile (sandbox)', () => {
  it('subscribes, is declined, fixed, cancelled and resumed in en-us on a desktop', { timeout: 120_000 }, () => journey('en-us', DESKTOP));
  it('does the same in zh-cn on a phone', { timeout: 120_000 }, () => journey('zh-cn', PHONE));
  it.runIf(!!shots)('and in ar-sa on a phone (screenshots)', { timeout: 120_000 }, () => journey('ar-sa', PHONE));
});
