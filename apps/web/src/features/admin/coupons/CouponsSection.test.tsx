import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanUpScreen, renderScreen, setUpAdminI18n, stubApi } from '../../../test-support/render-screen';
import SettingsSection from '../settings/SettingsSection';
import CouponsSection from './CouponsSection';

beforeAll(setUpAdminI18n);

const RETENTION = { retention_reading_events_days: 365, retention_visitor_days: 180, retention_outbox_days: 90, retention_audit_days: 730 };
afterEach(cleanUpScreen);

const coupon = {
  code: 'SPRING',
  days: 7,
  months: null,
  max_redemptions: 10,
  redemption_count: 3,
  expires_at: null,
  disabled_at: null,
  note: null,
  state: 'active',
  created_at: '2026-11-01T00:00:00.000Z',
};

describe('coupons section', () => {
  it('lists coupons with their counts and shows a server message next to its field', async () => {
    const fetch = stubApi({
      'GET /admin/coupons': { status: 200, body: { data: { items: [coupon], total: 1 } } },
      'POST /admin/coupons': {
        status: 400,
        body: { error: 'Invalid request', code: 'VALIDATION_FAILED', details: [{ field: '/code', message: 'must be 3-64 letters' }] },
      },
    });
    renderScreen(<CouponsSection />, '/admin/coupons');
    expect(await screen.findByText('SPRING')).toBeTruthy();
    expect(screen.getByText('3 / 10')).toBeTruthy();
    expect(screen.getByText('7 days')).toBeTruthy();

    const code = screen.getByLabelText<HTMLInputElement>(/^Code/);
    fireEvent.change(code, { target: { value: 'ab' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create coupon' }));
    const error = await screen.findByText('must be 3-64 letters');
    expect(code.getAttribute('aria-describedby')).toBe(error.id);
    const post = fetch.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ code: 'ab', days: 30 });
  });

  it('disables a coupon', async () => {
    const fetch = stubApi({
      'GET /admin/coupons': { status: 200, body: { data: { items: [coupon], total: 1 } } },
      'POST /admin/coupons/SPRING/disable': { status: 200, body: { data: { ...coupon, state: 'disabled' } } },
    });
    renderScreen(<CouponsSection />, '/admin/coupons');
    fireEvent.click(await screen.findByRole('button', { name: 'Disable SPRING' }));
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/admin/coupons/SPRING/disable'))).toBe(true));
  });
});

describe('settings section', () => {
  it('saves only through the form and says so', async () => {
    // What the form sends once changed below, and what the server answers with.
    const saved = {
      site_name: 'Ink',
      contact_email: 'b@example.com',
      default_free_chapters: 3,
      comment_links_min_age_hours: 24,
      coins_enabled: true,
      default_chapter_price: 80,
      ...RETENTION,
      retention_visitor_days: 60,
    };
    const fetch = stubApi({
      'GET /admin/settings': {
        status: 200,
        body: {
          data: {
            site_name: 'Ink',
            contact_email: 'a@example.com',
            default_free_chapters: 3,
            comment_links_min_age_hours: 24,
            coins_enabled: false,
            default_chapter_price: 50,
            renewing_memberships: true,
            renewal_grace_days: 7,
            ...RETENTION,
          },
        },
      },
      'PUT /admin/settings': { status: 200, body: { data: saved } },
    });
    renderScreen(<SettingsSection />, '/admin/settings');
    const email = await screen.findByLabelText<HTMLInputElement>('Contact e-mail');
    expect(email.value).toBe('a@example.com');
    fireEvent.change(email, { target: { value: 'b@example.com' } });
    // Coins (issue 42): on, at a default price of 80 a chapter.
    fireEvent.click(screen.getByLabelText('Coins on'));
    fireEvent.change(screen.getByLabelText('Default price of a chapter (coins)'), { target: { value: '80' } });
    // Retention (issue 43): visitors' data kept 60 days; the minimum is said next to the field.
    const visitors = screen.getByLabelText<HTMLInputElement>("Visitors' data (days)");
    expect(visitors.min).toBe('30');
    expect(screen.getByText(/^Progress and history of readers without an account.*\(30–3650\)\.$/)).toBeTruthy();
    fireEvent.change(visitors, { target: { value: '60' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual(saved);
  });
});
