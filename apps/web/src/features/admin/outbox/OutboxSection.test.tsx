import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { activeTranslator } from '../../../i18n/active';
import admin from '../../../i18n/locales/en-us/admin/admin.json';
import adminOutbox from '../../../i18n/locales/en-us/admin/admin-outbox.json';
import { cleanUpScreen, renderScreen, setUpI18n, stubApi } from '../../../test-support/render-screen';
import OutboxSection from './OutboxSection';

const ok = (data: unknown) => ({ status: 200, body: { data } });
const UUID = '0b7c2f0e-0000-4000-8000-000000000001';
const item = (state: string, extra: object = {}) => ({
  uuid: UUID,
  kind: 'password-reset',
  state,
  recipient: 'ann@mail.example.com',
  user: { uuid: '0b7c2f0e-0000-4000-8000-000000000002', username: 'ann' },
  language: 'en-us',
  list: null,
  attempts: state === 'failed' ? 11 : 1,
  next_attempt_at: null,
  last_error: state === 'failed' ? '451 Try again later' : null,
  created_at: '2026-11-25T08:00:00.000Z',
  sent_at: state === 'sent' ? '2026-11-25T08:00:01.000Z' : null,
  has_file: state === 'sent',
  ...extra,
});
const page = (items: unknown[]) => ok({ items, total: items.length, total_is_lower_bound: false, next_cursor: null });

beforeAll(() => {
  setUpI18n();
  activeTranslator().addResources('admin', admin);
  activeTranslator().addResources('admin-outbox', adminOutbox);
});
afterEach(cleanUpScreen);

const open = (path: string) => renderScreen(<OutboxSection />, path, '/admin/outbox/*');

describe('the outbox in the console', () => {
  it('lists messages with the filters taken from the address, and resends a failed one', async () => {
    let resent = false;
    const fetch = stubApi({
      'GET /admin/outbox': () => page([item(resent ? 'queued' : 'failed')]),
      [`POST /admin/outbox/${UUID}/resend`]: () => {
        resent = true;
        return ok(item('queued'));
      },
    });
    open('/admin/outbox?state=failed&kind=password-reset');
    expect(await screen.findByText('ann@mail.example.com')).toBeTruthy();
    expect(screen.getByText('451 Try again later')).toBeTruthy();
    const url = new URL(String(fetch.mock.calls[0]![0]), 'http://localhost');
    expect(url.searchParams.get('state')).toBe('failed');
    expect(url.searchParams.get('kind')).toBe('password-reset');
    fireEvent.click(screen.getByRole('button', { name: 'Resend' }));
    expect(await screen.findByText('Queued', { selector: 'td span' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Resend' })).toBeNull();
  });

  it('shows a written message with its links clickable', async () => {
    stubApi({
      [`GET /admin/outbox/${UUID}`]: ok(item('sent')),
      [`GET /admin/outbox/${UUID}/message`]: ok({
        subject: 'Reset your Inkstream password',
        text: 'Choose a new password:\nhttp://localhost:3000/reset-password?token=abc',
        links: ['http://localhost:3000/reset-password?token=abc'],
      }),
    });
    open(`/admin/outbox/${UUID}`);
    expect(await screen.findByRole('heading', { name: 'Reset your Inkstream password' })).toBeTruthy();
    const link = screen.getByRole('link', { name: 'http://localhost:3000/reset-password?token=abc' });
    expect(link.getAttribute('href')).toBe('http://localhost:3000/reset-password?token=abc');
  });
});
