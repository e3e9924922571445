import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanUpScreen, renderScreen, setUpAdminI18n, stubApi } from '../../../test-support/render-screen';
import { AdminLayout } from '../shell/AdminLayout';
import ModerationSection from './ModerationSection';

beforeAll(setUpAdminI18n);
afterEach(cleanUpScreen);

const XSS = '<img src=x onerror="window.__xss=1">"><svg onload=alert(1)>';
const comment = {
  comment_uuid: '11111111-1111-4111-8111-111111111111',
  parent_uuid: null,
  body: XSS,
  spoiler: false,
  state: 'visible',
  created_at: '2026-11-26T10:00:00.000Z',
  edited_at: null,
  likes: 0,
  open_reports: 2,
  author: { uuid: '22222222-2222-4222-8222-222222222222', username: 'troll', banned: false },
  book: { uuid: '33333333-3333-4333-8333-333333333333', title: 'A Book', title_language: 'en-us' },
  chapter: { uuid: '44444444-4444-4444-8444-444444444444', number: 3, title: 'Rain' },
};
const queue = {
  items: [
    {
      comment,
      report_count: 2,
      reasons: [{ reason: 'spam', count: 2 }],
      latest_report: {
        reporter: { uuid: comment.author.uuid, username: 'kind' },
        reason: 'spam',
        detail: null,
        created_at: comment.created_at,
      },
    },
  ],
  total: 1,
};

describe('moderation section', () => {
  it('shows a reported comment as text and hides it only after the confirmation', async () => {
    const fetch = stubApi({
      'GET /config/public': { status: 200, body: { data: { result: { community: true } } } },
      'GET /admin/comments/reports': { status: 200, body: { data: queue } },
      'POST /admin/comments/11111111-1111-4111-8111-111111111111/hide': {
        status: 200,
        body: { data: { comment: { ...comment, state: 'hidden' }, changed: true, resolved_reports: 2 } },
      },
    });
    const { container } = renderScreen(<ModerationSection />, '/admin/moderation', '/admin/moderation/*');
    expect(await screen.findByText(XSS)).toBeTruthy();
    expect(container.querySelector('img, svg')).toBeNull();
    expect(screen.getByText('2 reports')).toBeTruthy();
    expect(screen.getByText('#3 Rain')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(fetch.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    expect(screen.getByText(/Hide this comment by troll/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Hide' }));
    expect(await screen.findByText('Hidden.')).toBeTruthy();
    await waitFor(() => expect(fetch.mock.calls.some(([url]) => String(url).endsWith('/hide'))).toBe(true));
  });

  it('sends a ban for 7 days by default, or null for good', async () => {
    const fetch = stubApi({
      'GET /config/public': { status: 200, body: { data: { result: { community: true } } } },
      'GET /admin/comments/reports': { status: 200, body: { data: queue } },
      'PUT /admin/comments/bans/22222222-2222-4222-8222-222222222222': {
        status: 200,
        body: {
          data: {
            ban: { user: comment.author, reason: 'x', until: null, created_at: comment.created_at, created_by: 'a' },
            hidden_comments: 0,
          },
        },
      },
    });
    renderScreen(<ModerationSection />, '/admin/moderation', '/admin/moderation/*');
    fireEvent.click(await screen.findByRole('button', { name: 'Ban author' }));
    fireEvent.change(screen.getByLabelText('Reason'), { target: { value: 'Spam links' } });
    fireEvent.change(screen.getByLabelText('Length'), { target: { value: '0' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ban' }));
    expect(screen.getByText('Ban troll from commenting and rating for good?')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Yes, ban' }));
    await waitFor(() => expect(fetch.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(true));
    const put = fetch.mock.calls.find(([, init]) => init?.method === 'PUT');
    expect(JSON.parse(String(put?.[1]?.body))).toEqual({ reason: 'Spam links', until: null, hide_recent_comments: false });
  });
});

describe('the console with the community switched off (public config community: false)', () => {
  // The console's frame with its dashboard and the moderation section, opened at the section.
  const openConsole = () =>
    renderScreen(
      <Routes>
        <Route element={<AdminLayout />}>
          <Route index element={<p>The dashboard</p>} />
          <Route path="moderation/*" element={<ModerationSection />} />
        </Route>
      </Routes>,
      '/admin/moderation',
      '/admin/*',
    );
  const sections = () => within(screen.getByRole('navigation', { name: 'Console sections' }));

  it('has no Moderation section in its navigation, and sends its address to the dashboard', async () => {
    stubApi({ 'GET /config/public': { status: 200, body: { data: { result: { community: false } } } } });
    openConsole();
    // The section sends the reader away only once the config said off: the navigation has its answer too.
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin'));
    expect(await screen.findByText('The dashboard')).toBeTruthy();
    expect(sections().getByRole('link', { name: 'Books' })).toBeTruthy();
    expect(sections().queryByRole('link', { name: 'Moderation' })).toBeNull();
  });

  it('lists Moderation with the community on', async () => {
    stubApi({
      'GET /config/public': { status: 200, body: { data: { result: { community: true } } } },
      'GET /admin/comments/reports': { status: 200, body: { data: { items: [], total: 0 } } },
    });
    openConsole();
    expect(await sections().findByRole('link', { name: 'Moderation' })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/admin/moderation');
  });
});
