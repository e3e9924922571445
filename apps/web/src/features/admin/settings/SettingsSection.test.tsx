import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanUpScreen, renderScreen, setUpAdminI18n, stubApi } from '../../../test-support/render-screen';
import SettingsSection from './SettingsSection';

beforeAll(setUpAdminI18n);
afterEach(cleanUpScreen);

const settings = {
  site_name: 'Ink',
  contact_email: 'a@example.com',
  default_free_chapters: 3,
  comment_links_min_age_hours: 24,
  coins_enabled: false,
  default_chapter_price: 50,
  adult_books: 'off',
  adult_books_for_others: 'hidden',
  blur_mature_covers: false,
  retention_reading_events_days: 365,
  retention_visitor_days: 180,
  retention_outbox_days: 90,
  retention_audit_days: 730,
};

describe('settings: content ratings (issue 61)', () => {
  it('says what readers see with each choice, enables the choice for others only with confirmed readers, and saves the three', async () => {
    const chosen = { adult_books: 'confirmed_readers', adult_books_for_others: 'blurred', blur_mature_covers: true };
    const fetch = stubApi({
      'GET /admin/settings': { status: 200, body: { data: settings } },
      'PUT /admin/settings': { status: 200, body: { data: { ...settings, ...chosen } } },
    });
    renderScreen(<SettingsSection />, '/admin/settings');
    const group = await screen.findByRole('group', { name: 'Content ratings' });
    expect(within(group).getByText(/within seconds/)).toBeTruthy();
    const adult = within(group).getByLabelText<HTMLSelectElement>('Adult books');
    const others = within(group).getByLabelText<HTMLSelectElement>('Adult books for everyone else');
    expect(adult.value).toBe('off');
    expect(document.getElementById(adult.getAttribute('aria-describedby')!)?.textContent).toMatch(
      /^No reader meets an adult book anywhere/,
    );
    expect(others.disabled).toBe(true);
    expect(document.getElementById(others.getAttribute('aria-describedby')!)?.textContent).toMatch(/^Used only when/);

    fireEvent.change(adult, { target: { value: 'confirmed_readers' } });
    expect(others.disabled).toBe(false);
    expect(document.getElementById(adult.getAttribute('aria-describedby')!)?.textContent).toMatch(/confirmed their age in their profile/);
    fireEvent.change(others, { target: { value: 'blurred' } });
    expect(document.getElementById(others.getAttribute('aria-describedby')!)?.textContent).toMatch(/a card without its cover/);
    fireEvent.click(within(group).getByLabelText('Blur mature covers'));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Saved.')).toBeTruthy();
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toMatchObject(chosen);
  });

  it("shows the server's refusal next to the setting", async () => {
    stubApi({
      'GET /admin/settings': { status: 200, body: { data: { ...settings, adult_books: 'confirmed_readers' } } },
      'PUT /admin/settings': {
        status: 400,
        body: {
          error: 'Invalid request',
          code: 'VALIDATION_FAILED',
          details: [{ field: '/adult_books_for_others', message: 'must be hidden or blurred' }],
        },
      },
    });
    renderScreen(<SettingsSection />, '/admin/settings');
    const others = await screen.findByLabelText<HTMLSelectElement>('Adult books for everyone else');
    expect(others.disabled).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const error = await screen.findByText('must be hidden or blurred');
    expect(others.getAttribute('aria-describedby')!.split(' ')).toContain(error.id);
  });
});
