import { generate } from 'otplib';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, PHONE } from '../src/browser.js';
import { loginForm, profilePage, storedSession } from '../src/journeys/account.js';
import {
  eventually,
  freshUser,
  logIn,
  openSession,
  pathOf,
  submitLogin,
  waitForInteractive,
  waitForLoggedIn,
} from '../src/journeys/session.js';

const browser = browserPerFile();
const baseUrl = inject('baseUrl');

/** The authenticator app: the code of the 30-second step `steps` away from now. */
const codeAt = (secret: string, steps = 0) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

describe('two-step sign-in', () => {
  it('a reader turns it on from the profile, logs out, and logs in with the password and a code', async () => {
    const user = await freshUser(baseUrl);
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { device: PHONE });
    await logIn(page, user.username, user.password);
    await page.goto('/profile');
    await waitForInteractive(page);
    const section = page.getByRole('region', { name: 'Two-step sign-in' });
    await section.getByRole('button', { name: 'Turn on' }).click();
    await section.getByLabel('Current password', { exact: true }).fill(user.password);
    await section.getByRole('button', { name: 'Continue' }).click();

    // The QR code is an image; the key is shown for typing by hand: the test is the phone.
    const qr = section.getByRole('img', { name: 'QR code to add this account to an authenticator app' });
    await qr.waitFor();
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    const secret = (await section.getByTestId('totp-secret').textContent())!.replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    const code = section.getByLabel('6-digit code', { exact: true });
    expect(await code.getAttribute('inputmode')).toBe('numeric');
    expect(await code.getAttribute('autocomplete')).toBe('one-time-code');
    await code.fill(await codeAt(secret));
    await section.getByRole('button', { name: 'Turn on' }).click();

    // Ten recovery codes, shown once, then the section says it is on.
    const codes = section.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem');
    await eventually(() => codes.count()).toBe(10);
    const recovery = (await codes.allTextContents()).map((text) => text.trim());
    for (const one of recovery) expect(one).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    expect(await section.getByRole('button', { name: 'Copy codes' }).isVisible()).toBe(true);
    expect(await section.getByRole('button', { name: 'Download' }).isVisible()).toBe(true);
    await section.getByRole('button', { name: 'I have saved them' }).click();
    await eventually(() => section.getByText('On', { exact: true }).isVisible()).toBe(true);
    expect(await section.getByRole('button', { name: 'Turn off' }).isVisible()).toBe(true);

    await profilePage(page).logout.click();
    await eventually(() => pathOf(page)).toBe('/');
    await eventually(async () => (await storedSession(page)).token).toBeNull();

    // The password alone: the form now asks for the code.
    await submitLogin(page, user.username, user.password);
    const form = loginForm(page);
    const loginCode = form.form.getByLabel('6-digit code', { exact: true });
    await loginCode.waitFor();
    expect(await form.notice.textContent()).toContain('Enter the 6-digit code');
    expect(await loginCode.getAttribute('inputmode')).toBe('numeric');
    expect(await loginCode.getAttribute('autocomplete')).toBe('one-time-code');

    // A wrong code: told so, still on the form.
    const right = await codeAt(secret, 1);
    await loginCode.fill(right === '000000' ? '111111' : '000000');
    await form.submit.click();
    await eventually(() => form.error.textContent()).toBe('That code is not correct. Try the current code again.');
    expect(pathOf(page)).toBe('/login');

    // "Use a recovery code instead" switches the field, and back.
    await form.form.getByRole('button', { name: 'Use a recovery code instead' }).click();
    await form.form.getByLabel('Recovery code', { exact: true }).waitFor();
    await form.form.getByRole('button', { name: 'Use the code from the app instead' }).click();

    await form.form.getByLabel('6-digit code', { exact: true }).fill(right);
    await form.submit.click();
    await waitForLoggedIn(page, user.username);
    expect((await storedSession(page)).token).not.toBeNull();
    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
