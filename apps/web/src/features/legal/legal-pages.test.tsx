import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanUpScreen, renderScreen, setUpI18n, stubApi } from '../../test-support/render-screen';
import { RegisterForm } from '../account/RegisterForm';
import { LegalPage } from './LegalPage';

beforeAll(setUpI18n);
afterEach(cleanUpScreen);

const legal = (kind: string, overrides: Record<string, unknown> = {}) => ({
  status: 200,
  body: {
    data: {
      kind,
      language: 'en-us',
      version: 3,
      published_at: '2026-11-20T10:00:00.000Z',
      html: `<h2>About ${kind}</h2>\n<p>What we keep.</p>\n`,
      ...overrides,
    },
  },
});

describe('legal pages', () => {
  it('shows the text of the reader language with its version and date', async () => {
    const fetch = stubApi({ 'GET /legal/privacy': legal('privacy') });
    renderScreen(<LegalPage kind="privacy" />, '/privacy');
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy policy' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: 'About privacy' })).toBeTruthy();
    expect(screen.getByText(/^Version 3, published Nov 20, 2026\./)).toBeTruthy();
    expect(String(fetch.mock.calls[0]![0])).toContain('/api/v1/legal/privacy?language=en-us');
    expect(document.title).toContain('Privacy policy');
  });

  it('marks a text in another language with its own language and direction (Arabic right to left)', async () => {
    stubApi({ 'GET /legal/terms': legal('terms', { language: 'ar-sa', version: 0, published_at: null, html: '<p>شروط</p>' }) });
    renderScreen(<LegalPage kind="terms" />, '/terms');
    const text = (await screen.findByText('شروط')).parentElement!;
    expect(text.getAttribute('dir')).toBe('rtl');
    expect(text.getAttribute('lang')).toBe('ar-SA');
    expect(screen.getByText(/The site's standard text\. This text is not yet available in your language\./)).toBeTruthy();
  });

  it('says when the page could not be loaded, and tries again', async () => {
    let fail = true;
    stubApi({ 'GET /legal/terms': () => (fail ? { status: 503, body: { error: 'down', code: 'UNAVAILABLE' } } : legal('terms')) });
    renderScreen(<LegalPage kind="terms" />, '/terms');
    expect((await screen.findByRole('alert')).textContent).toContain('This page could not be loaded.');
    fail = false;
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'About terms' })).toBeTruthy();
  });

  it('links both pages from the register form and sends the versions it showed', async () => {
    const fetch = stubApi({
      'GET /legal/terms': legal('terms', { version: 4 }),
      'GET /legal/privacy': legal('privacy', { version: 0, published_at: null }),
      'POST /user/register': { status: 201, body: { data: { uuid: 'u', username: 'reader1' } } },
    });
    renderScreen(<RegisterForm />, '/register');
    expect(screen.getByRole('link', { name: 'Terms of use' }).getAttribute('href')).toBe('/terms');
    expect(screen.getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe('/privacy');
    expect(screen.getByText(/^By creating an account you accept the/)).toBeTruthy();
    await waitFor(() => expect(fetch.mock.calls.filter(([url]) => String(url).includes('/legal/')).length).toBe(2));
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Username'), 'reader1');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm password'), 'secret1');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(true));
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toMatchObject({ username: 'reader1', terms_version: 4, privacy_version: 0 });
  });
});
