import { randomInt } from 'node:crypto';
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, DESKTOP, PHONE } from '../src/browser.js';
import { loginStatus } from '../src/journeys/api.js';
import { fieldError, loginForm, registerForm } from '../src/journeys/account.js';
import { uniqueAddress } from '../src/journeys/mail.js';
import { eventually, openSession, pathOf, uniqueUsername, waitForLoggedIn } from '../src/journeys/session.js';

/**
 * Issue 40, items 5, 15 and 16, as a reader meets them: a long passphrase at registration, the
 * rule shown before typing, where the confirmation link went, an address called "waiting" while it
 * waits, the current password asked for to move the address, and the reset page saying its rule
 * once, not twice.
 */
const browser = browserPerFile();
const baseUrl = inject('baseUrl');

/** The hint under a field (the text it is described by that is not its error). */
const hintOf = (page: Page, id: string) => page.locator(`[id="${id}-hint"]`);

describe('registration, the e-mail address and passwords (issue 40)', () => {
  it('a 40-character passphrase registers; the login screen says where the link went; the profile calls the address waiting and asks for the password to move it', async () => {
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { device: PHONE });
    const username = uniqueUsername('pp');
    const passphrase = `correct horse battery staple ${randomInt(1000000000, 9999999999)}!`;
    expect(passphrase).toHaveLength(40);
    const email = uniqueAddress(username);

    await page.goto('/register');
    const form = registerForm(page);
    // The rule is there before anything is typed.
    await eventually(() => hintOf(page, 'register-password').textContent()).toContain('5 to 128 characters');
    await form.fill({ username, password: passphrase, confirm: passphrase });
    await form.form.getByLabel('E-mail (optional)').fill(email);
    await form.submit.click();
    expect(await fieldError(form.password)).toBeNull();

    await eventually(() => pathOf(page)).toBe('/login');
    const login = loginForm(page);
    await eventually(() => login.notice.textContent()).toBe(
      `Your account is ready. We sent a confirmation link to ${email}: open it within 24 hours to confirm the address (check your spam folder too). Please log in.`,
    );
    await login.password.fill(passphrase);
    await login.submit.click();
    await waitForLoggedIn(page, username);

    await page.goto('/profile');
    const section = page.getByRole('region', { name: 'E-mail' });
    const note = section.getByRole('note');
    await eventually(() => note.textContent()).toContain('Your address is waiting for confirmation.');
    expect(await note.textContent()).not.toContain('no confirmed e-mail address');
    expect(await section.getByTestId('email-address').textContent()).toBe(email);
    await section.getByRole('button', { name: 'Send the link again' }).waitFor();

    // Moving the address asks for the current password.
    await section.getByRole('button', { name: 'Change the address' }).click();
    const next = uniqueAddress(`${username}n`);
    await section.getByLabel('E-mail address', { exact: true }).fill(next);
    const save = section.getByRole('button', { name: 'Save and send the link' });
    const current = section.getByLabel('Current password', { exact: true });
    await save.click();
    await eventually(() => fieldError(current)).toBe('Please enter your current password.');
    await current.fill('not the passphrase');
    await save.click();
    await eventually(() => fieldError(current)).toBe('The current password is not correct.');
    await current.fill(passphrase);
    await save.click();
    await eventually(() => section.getByRole('status').textContent()).toBe(
      `We sent a confirmation link to ${next}. Open it within 24 hours.`,
    );
    expect(await section.getByTestId('email-address').textContent()).toBe(next);
    expect(await loginStatus(baseUrl, username, passphrase)).toBe(200);

    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it.each([
    ['en-us', 'Password must be at least 8 characters long', 'password length at least 8'],
    ['ar-sa', 'يجب ألا يقل طول كلمة المرور عن 8 أحرف', 'يجب ألا يقل طول كلمة المرور عن 8 أحرف'],
  ])('the reset page (%s) shows its rule before typing and a too-short password is told once', async (language, rule, tooShort) => {
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { language, device: DESKTOP });
    await page.goto('/reset-password?token=any-token-the-form-checks-first');
    const form = page.locator('form[aria-labelledby="reset-title"]');
    const password = form.locator('#reset-password');
    await eventually(() => hintOf(page, 'reset-password').textContent()).toBe(rule);
    await password.fill('short7');
    await form.locator('#reset-confirm').fill('short7');
    await form.locator('button[type="submit"]').click();
    await eventually(() => fieldError(password)).toBe(tooShort);
    const text = (await form.textContent()) ?? '';
    // The rule is said once: by the error, not again by the hint under it.
    expect(text.split(tooShort).length - 1).toBe(1);
    expect(text.split(rule).length - 1).toBe(rule === tooShort ? 1 : 0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
