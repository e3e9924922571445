import { randomInt } from 'node:crypto';
import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, PHONE } from '../src/browser.js';
import { loginStatus } from '../src/journeys/api.js';
import { loginForm, storedSession } from '../src/journeys/account.js';
import { bookUuid } from '../src/journeys/catalogue-api.js';
import { chapterList } from '../src/journeys/chapter-list.js';
import { mailTo, registerWithEmail, uniqueAddress, waitForLink } from '../src/journeys/mail.js';
import { eventually, openSession, pathOf, uniqueUsername, waitForLoggedIn } from '../src/journeys/session.js';

const browser = browserPerFile();
const baseUrl = inject('baseUrl');
const dataDir = inject('dataDir');

describe('forgotten password', () => {
  it('"Forgot password?" from the login screen, the link from the .eml outbox, a new password, logged in and back on the book', async () => {
    const username = uniqueUsername('rst');
    const user = { username, password: `pw${randomInt(100000, 999999)}x`, email: uniqueAddress(username) };
    await registerWithEmail(baseUrl, user);
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { device: PHONE });

    // The address is confirmed through the real link of the confirmation message.
    const confirmLink = await waitForLink(dataDir, user.email, '/confirm-email');
    expect(new URL(confirmLink).origin).toBe(baseUrl);
    await page.goto(confirmLink);
    await eventually(() => page.getByRole('main').getByRole('status').textContent()).toBe(
      'Your e-mail address is confirmed. You can now get back into your account if you forget your password.',
    );

    // A reader on a book's chapter list wants to follow it, and is asked to log in.
    const bookPath = `/book/chapters/${await bookUuid(baseUrl, 'The Storm Gate')}`;
    await page.goto(bookPath);
    await chapterList(page).ready();
    await page.getByRole('main').getByRole('link', { name: 'Follow', exact: true }).click();
    await page.waitForURL((url) => url.pathname === '/login' && url.searchParams.get('return') === bookPath);
    await loginForm(page).password.waitFor();

    // They have forgotten the password.
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await eventually(() => pathOf(page)).toBe('/forgot-password');
    const forgot = page.getByRole('form', { name: 'Forgot your password?' });
    await forgot.getByLabel('User name or e-mail', { exact: true }).fill(user.email);
    await forgot.getByRole('button', { name: 'Send the link' }).click();
    await eventually(() => forgot.getByRole('status').textContent()).toBe(
      'If an account matches, we have sent a link to its confirmed e-mail address. The link works for 30 minutes; check your spam folder too.',
    );

    // The embedded default wrote the message as an .eml file: its link opens the reset page.
    const resetLink = await waitForLink(dataDir, user.email, '/reset-password');
    expect(new URL(resetLink).origin).toBe(baseUrl);
    expect(new URL(resetLink).searchParams.get('token')).toMatch(/^[\w-]{20,}/);
    const resetMail = (await mailTo(dataDir, user.email)).find((mail) => mail.links.includes(resetLink))!;
    expect(resetMail.subject).toContain('Reset your password');
    expect(resetMail.text).toContain(`Hello ${user.username},`);

    await page.goto(resetLink);
    const reset = page.getByRole('form', { name: 'Choose a new password' });
    const newPassword = `nw${randomInt(100000, 999999)}x`;
    // The page's own checks first: two different passwords are refused before anything is sent.
    await reset.getByLabel('New password', { exact: true }).fill(newPassword);
    await reset.getByLabel('Confirm new password', { exact: true }).fill(`${newPassword}y`);
    await reset.getByRole('button', { name: 'Set the new password' }).click();
    await eventually(() => reset.getByLabel('Confirm new password', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    await reset.getByLabel('Confirm new password', { exact: true }).fill(newPassword);
    await reset.getByRole('button', { name: 'Set the new password' }).click();

    // Logged in with the new password, and back on the book they came from.
    await waitForLoggedIn(page, user.username, bookPath);
    expect((await storedSession(page)).token).not.toBeNull();
    await page.getByRole('heading', { level: 1, name: 'The Storm Gate' }).waitFor();
    // Now logged in, the button there follows the book.
    await page.getByRole('main').getByRole('button', { name: 'Follow', exact: true }).waitFor();
    expect(await loginStatus(baseUrl, user.username, newPassword)).toBe(200);
    expect(await loginStatus(baseUrl, user.username, user.password)).toBe(401);

    // The account is told by e-mail that its password changed.
    await eventually(
      async () => (await mailTo(dataDir, user.email)).some((mail) => mail.subject.includes('Your password was changed')),
      30_000,
    ).toBe(true);

    // The same link a second time: it does not work any more, and nothing changes.
    await page.goto(resetLink);
    const again = page.getByRole('form', { name: 'Choose a new password' });
    const other = `ot${randomInt(100000, 999999)}x`;
    await again.getByLabel('New password', { exact: true }).fill(other);
    await again.getByLabel('Confirm new password', { exact: true }).fill(other);
    await again.getByRole('button', { name: 'Set the new password' }).click();
    const alert = again.getByRole('alert');
    await eventually(() => alert.textContent()).toContain('This link does not work any more');
    expect(await alert.getByRole('link', { name: 'Ask for a new link' }).getAttribute('href')).toBe('/forgot-password');
    expect(await again.getByRole('button', { name: 'Set the new password' }).isDisabled()).toBe(true);
    expect(pathOf(page)).toBe('/reset-password');
    expect(await loginStatus(baseUrl, user.username, other)).toBe(401);
    expect(await loginStatus(baseUrl, user.username, newPassword)).toBe(200);

    expect(pageErrors).toEqual([]);
    await context.close();
  });
});
