import type { Locator, Page } from 'playwright-core';

/** A field's own error: the text it is described by first, when it is marked invalid; else null. */
export const fieldError = (input: Locator) =>
  input.evaluate((element) =>
    element.getAttribute('aria-invalid') === 'true'
      ? (document.getElementById(element.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent ?? null)
      : null,
  );

/** The register form, by the labels and texts of auth.json (en-us). */
export function registerForm(page: Page) {
  const form = page.getByRole('form', { name: 'Create an account' });
  return {
    form,
    username: form.getByLabel('Username', { exact: true }),
    password: form.getByLabel('Password', { exact: true }),
    confirm: form.getByLabel('Confirm password', { exact: true }),
    inviteCode: form.getByLabel('Invitation code (optional)'),
    submit: form.getByRole('button', { name: 'Register', exact: true }),
    error: form.getByRole('alert'),
    async fill(values: { username: string; password: string; confirm: string }): Promise<void> {
      await this.username.fill(values.username);
      await this.password.fill(values.password);
      await this.confirm.fill(values.confirm);
    },
  };
}

/** The login form. */
export function loginForm(page: Page) {
  const form = page.getByRole('form', { name: 'Log in' });
  return {
    form,
    username: form.getByLabel('Username', { exact: true }),
    password: form.getByLabel('Password', { exact: true }),
    submit: form.getByRole('button', { name: 'Log in', exact: true }),
    error: form.getByRole('alert'),
    notice: form.getByRole('status'),
  };
}

/** The profile screen and its two dialogs (profile.json). */
export function profilePage(page: Page) {
  const tokenDialog = page.getByRole('dialog', { name: 'API token' });
  const passwordDialog = page.getByRole('dialog', { name: 'Change password' });
  return {
    heading: page.getByRole('heading', { level: 1, name: 'Profile' }),
    openToken: page.getByRole('button', { name: 'API token' }),
    openPassword: page.getByRole('button', { name: 'Change password' }),
    logout: page.getByRole('button', { name: 'Log out' }),
    backHome: page.getByRole('main').getByRole('link', { name: 'Back to home' }),
    tokenDialog,
    token: tokenDialog.getByLabel('Your API token'),
    copy: tokenDialog.getByRole('button', { name: 'Copy', exact: true }),
    // The Copy button's own live region (the dialog has another, for "sign out everywhere").
    copyStatus: tokenDialog.getByRole('button', { name: 'Copy', exact: true }).locator('xpath=following-sibling::*[@role="status"]'),
    closeToken: tokenDialog.getByRole('button', { name: 'Close' }),
    passwordDialog,
    currentPassword: passwordDialog.getByLabel('Current password', { exact: true }),
    newPassword: passwordDialog.getByLabel('New password', { exact: true }),
    confirmPassword: passwordDialog.getByLabel('Confirm new password', { exact: true }),
    updatePassword: passwordDialog.getByRole('button', { name: 'Update password' }),
  };
}

/** The session keys the app keeps in local storage (spec section 3). */
export function storedSession(page: Page) {
  return page.evaluate(() => ({
    token: localStorage.getItem('X-API-TOKEN'),
    userUuid: localStorage.getItem('USER_UUID'),
    username: localStorage.getItem('USERNAME'),
    visitorId: localStorage.getItem('X-VISITOR-ID'),
    language: localStorage.getItem('language'),
  }));
}
