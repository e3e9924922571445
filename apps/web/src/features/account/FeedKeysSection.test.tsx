import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanUpScreen, renderScreen, setUpI18n, stubApi } from '../../test-support/render-screen';
import { FeedKeysSection } from './FeedKeysSection';

beforeAll(setUpI18n);
afterEach(cleanUpScreen);

const KEY = 'k'.repeat(43);
const key = (id: number, name: string, lastUsed: string | null = null) => ({
  key_id: id,
  name,
  created_at: '2026-11-20T10:00:00.000Z',
  last_used_at: lastUsed,
});
const list = (...keys: ReturnType<typeof key>[]) => ({ status: 200, body: { data: { result: keys } } });

describe('the "Read in an app" section', () => {
  it('lists the keys with their last use and makes a key whose addresses are shown once', async () => {
    let keys = [key(1, 'KOReader', '2026-11-24T08:00:00.000Z')];
    const api = stubApi({
      'GET /user/feed_keys': () => list(...keys),
      'POST /user/feed_keys': () => {
        keys = [key(2, 'Panels'), ...keys];
        return {
          status: 201,
          body: {
            data: {
              result: {
                key_id: 2,
                name: 'Panels',
                key: KEY,
                url: `https://x.example/opds/key/${KEY}/v1.2/catalog`,
                url_v2: `https://x.example/opds/key/${KEY}/v2/catalog`,
              },
            },
          },
        };
      },
    });
    renderScreen(<FeedKeysSection />, '/profile');
    const items = await screen.findByRole('list', { name: 'Your feed keys' });
    expect(within(items).getByText('KOReader')).toBeTruthy();
    expect(within(items).getByText(/last used/)).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Name of the app'), { target: { value: '  Panels ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create a feed key' }));
    await screen.findByText('Copy it now: it will not be shown again.');
    expect(screen.getByText(`https://x.example/opds/key/${KEY}/v1.2/catalog`)).toBeTruthy();
    // The OPDS 2.0 address beside it, labelled as such.
    expect(screen.getByText(`https://x.example/opds/key/${KEY}/v2/catalog`)).toBeTruthy();
    expect(screen.getByText('Feed address (OPDS 2.0, for apps that ask for it)')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy address' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Copy OPDS 2.0 address' })).toBeTruthy();
    const post = api.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({ name: 'Panels' });
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Your feed keys' })).getByText('Panels')).toBeTruthy());
    // Once dismissed, the key is gone for good: the list never has it.
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByText(new RegExp(KEY))).toBeNull();
  });

  it('revokes a key only after the confirmation', async () => {
    let keys = [key(1, 'KOReader')];
    const api = stubApi({
      'GET /user/feed_keys': () => list(...keys),
      'DELETE /user/feed_keys/1': () => {
        keys = [];
        return { status: 200, body: { data: { result: { revoked: true } } } };
      },
    });
    renderScreen(<FeedKeysSection />, '/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Revoke KOReader' }));
    expect(api.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    fireEvent.click(screen.getByRole('button', { name: 'Revoke KOReader' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, revoke' }));
    await screen.findByText('You have no feed keys yet.');
    expect(api.mock.calls.filter(([, init]) => init?.method === 'DELETE')).toHaveLength(1);
  });

  it('offers no form once the account has its 5 keys, and says why', async () => {
    stubApi({ 'GET /user/feed_keys': list(key(1, 'a'), key(2, 'b'), key(3, 'c'), key(4, 'd'), key(5, 'e')) });
    renderScreen(<FeedKeysSection />, '/profile');
    await screen.findByText(/You have 5 feed keys/);
    expect(screen.queryByRole('button', { name: 'Create a feed key' })).toBeNull();
  });

  it('tells why a name is refused', async () => {
    stubApi({
      'GET /user/feed_keys': list(),
      'POST /user/feed_keys': { status: 400, body: { error: 'bad', code: 'VALIDATION_FAILED' } },
    });
    renderScreen(<FeedKeysSection />, '/profile');
    await screen.findByText('You have no feed keys yet.');
    fireEvent.change(screen.getByLabelText('Name of the app', { exact: false }), { target: { value: 'x' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create a feed key' }));
    await screen.findByText(/Give the key a name of 1 to 40 characters/);
  });
});
