import { describe, expect, inject, it } from 'vitest';
import { browserPerFile, PHONE } from '../src/browser.js';
import { fieldError, loginForm, profilePage, registerForm, storedSession } from '../src/journeys/account.js';
import {
  DEMO_MEMBER,
  eventually,
  freshUser,
  headerUserLink,
  logIn,
  openSession,
  pathOf,
  submitLogin,
  uniqueUsername,
} from '../src/journeys/session.js';

const browser = browserPerFile();
const baseUrl = inject('baseUrl');

describe('account journeys', () => {
  it('registers: each validation error, then success lands on the login page', async () => {
    const { context, page, pageErrors } = await openSession(browser(), baseUrl, { device: PHONE });
    const form = registerForm(page);
    const username = uniqueUsername('reg');
    await page.goto('/register');

    // Every error at once, each under its field.
    await form.submit.click();
    await eventually(() => fieldError(form.username)).toBe('Please fill in all fields');
    expect(await fieldError(form.password)).toBe('Please fill in all fields');
    expect(await fieldError(form.confirm)).toBe('Please fill in all fields');

    await form.fill({ username, password: 'secret1', confirm: 'secret2' });
    await form.submit.click();
    await eventually(() => fieldError(form.confirm)).toBe('Passwords do not match');
    expect(await fieldError(form.username)).toBeNull();

    await form.fill({ username: 'abc', password: 'secret1', confirm: 'secret1' });
    await form.submit.click();
    await eventually(() => fieldError(form.username)).toBe('Username must be between 5 and 16 characters');
    await form.username.fill('a'.repeat(17));
    await form.submit.click();
    await eventually(() => fieldError(form.username)).toBe('Username must be between 5 and 16 characters');

    await form.fill({ username, password: 'abcd', confirm: 'abcd' });
    await form.submit.click();
    await eventually(() => fieldError(form.password)).toBe('Password must be between 5 and 128 characters');
    await form.fill({ username, password: 'p'.repeat(129), confirm: 'p'.repeat(129) });
    await form.submit.click();
    await eventually(() => fieldError(form.password)).toBe('Password must be between 5 and 128 characters');

    await form.fill({ username, password: 'secret1', confirm: 'secret1' });
    await form.submit.click();
    await eventually(() => pathOf(page)).toBe('/login');
    const login = loginForm(page);
    expect(await login.notice.textContent()).toBe('Your account is ready. Please log in.');
    expect(await login.username.inputValue()).toBe(username);
    // Registering does not log in.
    expect((await storedSession(page)).token).toBeNull();

    // The same name again: the server's message is shown.
    await page.goto('/register');
    await form.fill({ username, password: 'secret1', confirm: 'secret1' });
    await form.submit.click();
    await eventually(() => form.error.textContent()).toBe('This username is already taken');
    // The error is cleared on leaving the screen.
    await form.form.getByRole('link', { name: 'Log in' }).click();
    await login.form.getByRole('link', { name: 'Register' }).click();
    await form.username.waitFor();
    expect(await form.error.count()).toBe(0);
    expect(pageErrors).toEqual([]);
    await context.close();
  });

  it('prefills the invitation code from ?invite_code=', async () => {
    const { context, page } = await openSession(browser(), baseUrl);
    await page.goto('/register?invite_code=DEMOMEMB');
    expect(await registerForm(page).inviteCode.inputValue()).toBe('DEMOMEMB');
    await context.close();
  });

  it('logs in: validation, wrong password, then a full reload to / with the user name in the header', async () => {
    const { context, page } = await openSession(browser(), baseUrl);
    const form = loginForm(page);
    await page.goto('/');
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).click();
    await eventually(() => pathOf(page)).toBe('/login');
    expect((await storedSession(page)).visitorId).toMatch(/^[0-9a-f]{8}$/);

    await form.submit.click();
    await eventually(() => form.error.textContent()).toBe('Please fill in all fields');
    await submitLogin(page, DEMO_MEMBER.username, 'wrong-password');
    await eventually(() => form.error.textContent()).toBe('Invalid username or password');

    // Mark the document: a full reload replaces it, a client-side navigation would keep the mark.
    await page.evaluate(() => Object.assign(window, { __beforeLogin: true }));
    await logIn(page, DEMO_MEMBER.username, DEMO_MEMBER.password);
    expect(await page.evaluate(() => '__beforeLogin' in window)).toBe(false);
    expect(await headerUserLink(page, DEMO_MEMBER.username).getAttribute('href')).toBe('/profile');
    const session = await storedSession(page);
    expect(session).toMatchObject({ username: DEMO_MEMBER.username, visitorId: null });
    expect(session.token).toBeTruthy();
    expect(session.userUuid).toMatch(/^[0-9a-f-]{36}$/);

    // A logged-in user does not see the login screen.
    await page.goto('/login');
    await eventually(() => pathOf(page)).toBe('/');
    await context.close();
  });

  it('changes the password: rules, success message, the dialog closes, the old password stops working', async () => {
    const user = await freshUser(baseUrl);
    const newPassword = `${user.password}-new`;
    const { context, page } = await openSession(browser(), baseUrl);
    const profile = profilePage(page);
    await logIn(page, user.username, user.password);
    await headerUserLink(page, user.username).click();
    await profile.heading.waitFor();
    expect(await page.getByText(user.username, { exact: true }).first().isVisible()).toBe(true);
    // No membership: the expiry is unknown ('--').
    await eventually(() => page.getByRole('definition').nth(1).innerText()).toMatch(/^--\s*No membership$/);

    await profile.openPassword.click();
    await profile.passwordDialog.waitFor();
    expect(await profile.newPassword.getAttribute('placeholder')).toBe('Please enter new password');
    expect(await profile.confirmPassword.getAttribute('placeholder')).toBe('Please enter new password again');
    expect(await profile.updatePassword.isDisabled()).toBe(true);
    await profile.currentPassword.fill(user.password);
    await profile.newPassword.fill('short1');
    expect(await profile.updatePassword.isDisabled()).toBe(true);
    await profile.confirmPassword.fill('short2');
    await profile.updatePassword.click();
    await eventually(() => profile.passwordDialog.getByRole('alert').textContent()).toBe('two entries of the new password do not match');
    await profile.confirmPassword.fill('short1');
    await profile.updatePassword.click();
    await eventually(() => profile.passwordDialog.getByRole('alert').textContent()).toBe('password length at least 8');

    await profile.newPassword.fill(newPassword);
    await profile.confirmPassword.fill(newPassword);
    await profile.updatePassword.click();
    await eventually(() => profile.passwordDialog.getByRole('status').textContent()).toBe('Password updated successfully');
    await profile.passwordDialog.waitFor({ state: 'hidden', timeout: 5_000 }); // closes by itself after 1.5 s
    // The session goes on with the new token.
    await page.reload();
    await profile.heading.waitFor();
    // The profile has finished loading (its membership answer is in) before the reader acts on it.
    await eventually(() => page.getByRole('definition').nth(1).innerText()).toMatch(/^--\s*No membership$/);

    await profile.logout.click();
    await eventually(() => pathOf(page)).toBe('/');
    await submitLogin(page, user.username, user.password);
    await eventually(() => loginForm(page).error.textContent()).toBe('Invalid username or password');
    await logIn(page, user.username, newPassword);
    await context.close();
  });

  it('copies the API token: the tooltip says copied, then goes away', async () => {
    const { context, page } = await openSession(browser(), baseUrl);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl });
    const profile = profilePage(page);
    await logIn(page, DEMO_MEMBER.username, DEMO_MEMBER.password);
    await page.goto('/profile');
    await profile.heading.waitFor();
    // The member's expiry in the zh-CN date-time format, naming its time zone (issue 40).
    await eventually(() => page.getByText(/^\d{4}\/\d{2}\/\d{2} \d{2}:\d{2}:\d{2} (UTC|GMT[+-]\d{1,2})$/).count()).toBe(1);

    await profile.openToken.click();
    await profile.tokenDialog.waitFor();
    const { token } = await storedSession(page);
    expect(await profile.token.inputValue()).toBe(token);
    expect(await profile.token.getAttribute('readonly')).not.toBeNull();

    await profile.copy.click();
    await eventually(() => profile.copyStatus.textContent()).toBe('copied');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);
    await eventually(() => profile.copyStatus.textContent(), 4_000).toBe(''); // 1.5 s later

    await profile.closeToken.click();
    await profile.tokenDialog.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('logs out: back on / as a visitor, the session forgotten, the profile guarded again', async () => {
    const { context, page } = await openSession(browser(), baseUrl, { device: PHONE });
    const profile = profilePage(page);
    await logIn(page, DEMO_MEMBER.username, DEMO_MEMBER.password);
    await page.goto('/profile');
    await profile.logout.click();
    await eventually(() => pathOf(page)).toBe('/');
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).waitFor();
    expect(await storedSession(page)).toMatchObject({ token: null, userUuid: null, username: null });
    await page.goto('/profile');
    await eventually(() => pathOf(page)).toBe('/login');
    await context.close();
  });
});
