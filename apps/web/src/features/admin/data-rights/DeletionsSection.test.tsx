import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanUpScreen, renderScreen, setUpAdminI18n, stubApi } from '../../../test-support/render-screen';
import DeletionsSection from './DeletionsSection';
import { ReaderDataRights } from './ReaderDataRights';

beforeAll(setUpAdminI18n);
afterEach(cleanUpScreen);

const UUID = '11111111-2222-4333-8444-555555555555';
const item = (fields: Record<string, unknown>) => ({
  user_uuid: UUID,
  name: 'reader1',
  requested_at: Date.UTC(2030, 0, 1, 10),
  erase_at: Date.UTC(2030, 0, 15, 10),
  erased_at: null,
  requested_by: 'reader',
  comments: 'remove',
  reason: null,
  ...fields,
});
// Console calls answer in `data` directly, as the other /admin calls do.
const page = (items: unknown[], nextCursor: string | null = null) => ({ status: 200, body: { data: { items, next_cursor: nextCursor } } });
const bodyOf = (call: [unknown, RequestInit?] | undefined) => JSON.parse(String(call![1]!.body)) as unknown;

describe('the console’s Deletions', () => {
  it('lists pending deletions, pages by cursor, and shows the erased ones on their tab', async () => {
    const api = stubApi({
      'GET /admin/deletions': (url) => {
        if (url.searchParams.get('state') === 'erased')
          return page([
            item({
              user_uuid: 'erased-1',
              name: 'reader-7f3a',
              erased_at: Date.UTC(2029, 11, 1),
              requested_by: 'operator',
              comments: 'keep',
              reason: 'ticket 4',
            }),
          ]);
        return url.searchParams.get('cursor') === 'c2' ? page([item({ user_uuid: 'u2', name: 'second' })]) : page([item({})], 'c2');
      },
    });
    renderScreen(<DeletionsSection />, '/admin/deletions', '/admin/deletions');
    const table = await screen.findByRole('region', { name: 'Table: Pending' });
    expect((await within(table).findByRole('link', { name: 'reader1' })).getAttribute('href')).toBe(`/admin/readers/${UUID}`);
    expect(within(table).getByText('The reader')).toBeTruthy();
    expect(within(table).getByText('Removed')).toBeTruthy();
    expect(within(table).getAllByText(/2030/, { selector: 'td' })).toHaveLength(2);
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('second')).toBeTruthy();
    expect(api.mock.calls.some(([url]) => new URL(String(url)).searchParams.get('cursor') === 'c2')).toBe(true);

    fireEvent.click(screen.getByRole('link', { name: 'Erased' }));
    const erased = await screen.findByRole('region', { name: 'Table: Erased' });
    expect(await within(erased).findByText('reader-7f3a')).toBeTruthy();
    expect(within(erased).getByText('An operator')).toBeTruthy();
    expect(within(erased).getByText('Kept as “deleted reader”')).toBeTruthy();
    expect(within(erased).getByText('ticket 4')).toBeTruthy();
    // Nothing to cancel once erased.
    expect(within(erased).queryByRole('button', { name: /Cancel/ })).toBeNull();
  });

  it('cancels a pending deletion with a reason', async () => {
    let items = [item({})];
    const api = stubApi({
      'GET /admin/deletions': () => page(items),
      [`DELETE /admin/users/${UUID}/deletion`]: () => {
        items = [];
        return { status: 200, body: { data: { cancelled: true } } };
      },
    });
    renderScreen(<DeletionsSection />, '/admin/deletions', '/admin/deletions');
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel the deletion of reader1' }));
    const form = screen.getByRole('form', { name: 'Cancel the deletion of reader1' });
    fireEvent.change(within(form).getByLabelText(/^Reason/), { target: { value: 'asked by mail' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel the deletion' }));
    await screen.findByText('Nothing here yet.');
    expect(bodyOf(api.mock.calls.find(([, init]) => init?.method === 'DELETE'))).toEqual({ reason: 'asked by mail' });
  });
});

describe('the reader page’s data-rights actions', () => {
  const act = (run: () => Promise<unknown>) => run();

  it('exports the reader’s data with a reason, and deletes the account after a second press with the comments’ choice', async () => {
    const api = stubApi({
      'GET /admin/deletions': page([]),
      [`POST /admin/users/${UUID}/data_export`]: { status: 202, body: { data: { export: { uuid: 'e1', state: 'queued' } } } },
      [`POST /admin/users/${UUID}/deletion`]: { status: 202, body: { data: { deletion: { erase_at: Date.UTC(2030, 0, 15) } } } },
    });
    renderScreen(<ReaderDataRights userUuid={UUID} act={act} />, '/admin/readers/x');
    const exportForm = await screen.findByRole('form', { name: "Export the reader's data" });
    fireEvent.change(within(exportForm).getByLabelText(/^Reason/), { target: { value: 'GDPR request by mail' } });
    fireEvent.click(within(exportForm).getByRole('button', { name: 'Export data' }));
    await within(exportForm).findByText('Saved.');
    expect(bodyOf(api.mock.calls.find(([url]) => String(url).endsWith('/data_export')))).toEqual({ reason: 'GDPR request by mail' });

    const deleteForm = screen.getByRole('form', { name: 'Delete account' });
    expect(within(deleteForm).getByRole<HTMLInputElement>('radio', { name: 'Removed' }).checked).toBe(true);
    fireEvent.click(within(deleteForm).getByRole('radio', { name: 'Kept as “deleted reader”' }));
    fireEvent.change(within(deleteForm).getByLabelText(/^Reason/), { target: { value: 'ticket 12' } });
    fireEvent.click(within(deleteForm).getByRole('button', { name: 'Delete account' }));
    expect(within(deleteForm).getByRole('alert').textContent).toContain('Press again');
    expect(api.mock.calls.some(([url]) => String(url).endsWith('/deletion'))).toBe(false);
    fireEvent.click(within(deleteForm).getByRole('button', { name: 'Yes, Delete account' }));
    await waitFor(() => expect(api.mock.calls.some(([url]) => String(url).endsWith('/deletion'))).toBe(true));
    expect(bodyOf(api.mock.calls.find(([url]) => String(url).endsWith('/deletion')))).toEqual({ reason: 'ticket 12', comments: 'keep' });
  });

  it('offers to cancel a pending deletion instead, with its date', async () => {
    const api = stubApi({
      'GET /admin/deletions': page([item({ user_uuid: 'someone-else' }), item({})]),
      [`DELETE /admin/users/${UUID}/deletion`]: { status: 200, body: { data: { cancelled: true } } },
    });
    renderScreen(<ReaderDataRights userUuid={UUID} act={act} />, '/admin/readers/x');
    const form = await screen.findByRole('form', { name: /^Cancel the deletion \(planned for .*2030.*\)$/ });
    expect(screen.queryByRole('form', { name: 'Delete account' })).toBeNull();
    fireEvent.change(within(form).getByLabelText(/^Reason/), { target: { value: 'reader changed their mind' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel deletion' }));
    await within(form).findByText('Saved.');
    expect(bodyOf(api.mock.calls.find(([, init]) => init?.method === 'DELETE'))).toEqual({ reason: 'reader changed their mind' });
  });
});
