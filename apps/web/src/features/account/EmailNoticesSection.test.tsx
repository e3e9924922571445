import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanUpScreen, renderScreen, setUpI18n, stubApi } from '../../test-support/render-screen';
import { EmailNoticesSection } from './EmailNoticesSection';

beforeAll(setUpI18n);
afterEach(cleanUpScreen);

describe('the Messages section', () => {
  it('shows the replies choice when the server has it (community on) and saves a change', async () => {
    const api = stubApi({
      'GET /user/email/preferences': { status: 200, body: { data: { result: { reminders: true, digest: false, replies: true } } } },
      'PUT /user/email/preferences': { status: 200, body: { data: { result: { reminders: true, digest: false, replies: false } } } },
    });
    renderScreen(<EmailNoticesSection />, '/profile');
    const replies = await screen.findByRole('switch', { name: 'Replies to your comments' });
    expect((replies as HTMLInputElement).checked).toBe(true);
    fireEvent.click(replies);
    await waitFor(() => expect((screen.getByRole('switch', { name: 'Replies to your comments' }) as HTMLInputElement).checked).toBe(false));
    const put = api.mock.calls.find(([, init]) => init?.method === 'PUT')!;
    expect(JSON.parse(String(put[1]!.body))).toEqual({ replies: false });
  });

  it('has no replies choice with the community off (the field is absent)', async () => {
    stubApi({ 'GET /user/email/preferences': { status: 200, body: { data: { result: { reminders: true, digest: false } } } } });
    renderScreen(<EmailNoticesSection />, '/profile');
    await screen.findByRole('switch', { name: 'Membership reminders' });
    expect(screen.queryByRole('switch', { name: 'Replies to your comments' })).toBeNull();
  });
});
