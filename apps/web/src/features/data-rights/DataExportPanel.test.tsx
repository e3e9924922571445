import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { cleanUpScreen, renderScreen, setUpI18n, stubApi } from '../../test-support/render-screen';
import { YourDataSection } from './YourDataSection';

const DAY = 86_400_000;
const exportOf = (fields: Record<string, unknown>) => ({
  uuid: 'e1',
  state: 'queued',
  requested_at: Date.now(),
  ready_at: null,
  expires_at: null,
  size_bytes: null,
  download_url: null,
  next_export_at: Date.now() - 1,
  ...fields,
});
const READY = exportOf({
  state: 'ready',
  ready_at: Date.now(),
  expires_at: Date.UTC(2030, 0, 8, 12),
  size_bytes: 2_400_000,
  download_url: '/api/v1/user/data_export/e1/download?expires=1893499200000&sig=abc',
});
// The data-rights calls put their object straight in `data` (no `result` wrapper).
const ok = (value: unknown, status = 200) => ({ status, body: { data: value } });

beforeAll(setUpI18n);
beforeEach(() => {
  localStorage.clear();
  localStorage.setItem('X-API-TOKEN', 'token-1');
  localStorage.setItem('USER_UUID', 'uuid-1');
});
afterEach(() => {
  cleanUpScreen();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('"Download my data"', () => {
  it('says what the archive holds, asks for one, and polls while it is built until it is ready', async () => {
    let latest: unknown = null;
    const api = stubApi({
      'GET /user/data_export': () => ok({ export: latest }),
      'POST /user/data_export': () => {
        latest = exportOf({ state: 'queued' });
        return ok({ export: latest }, 202);
      },
    });
    renderScreen(<YourDataSection />, '/profile');
    expect(screen.getByRole('heading', { name: 'Your data' })).toBeTruthy();
    expect(screen.getByText(/kept for 7 days|download it for 7 days/)).toBeTruthy();
    expect(screen.getByText(/Passwords, keys and other secrets are never in it/)).toBeTruthy();
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    fireEvent.click(await screen.findByRole('button', { name: 'Ask for my data' }));
    await screen.findByText('Being prepared: we will e-mail you when it is ready.');
    const post = api.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({});
    // No second request while it is built.
    expect(screen.queryByRole('button', { name: 'Ask for my data' })).toBeNull();

    latest = exportOf({ state: 'building' });
    const gets = () =>
      api.mock.calls.filter(([url, init]) => String(url).endsWith('/user/data_export') && (init?.method ?? 'GET') === 'GET').length;
    const before = gets();
    act(() => vi.advanceTimersByTime(5_000));
    await waitFor(() => expect(gets()).toBe(before + 1));
    latest = READY;
    act(() => vi.advanceTimersByTime(5_000));
    await screen.findByRole('button', { name: 'Download (ZIP, 2.4 MB)' });
    expect(screen.getByText(/Your archive is ready\. Available until .*2030/)).toBeTruthy();
    // Ready: the polling stops.
    const settled = gets();
    act(() => vi.advanceTimersByTime(20_000));
    await act(() => Promise.resolve());
    expect(gets()).toBe(settled);
  });

  it('downloads the archive with the login token and saves it under the name the server gives', async () => {
    stubApi({ 'GET /user/data_export': ok({ export: READY }) });
    const json = globalThis.fetch;
    const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) =>
      String(input).includes('/download')
        ? new Response('PK-archive', {
            status: 200,
            headers: { 'Content-Type': 'application/zip', 'Content-Disposition': 'attachment; filename="inkstream-data-2030-01-01.zip"' },
          })
        : json(input, init),
    );
    vi.stubGlobal('fetch', fetch);
    // jsdom has no object URLs: the ones the panel makes are recorded.
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:archive');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe('inkstream-data-2030-01-01.zip');
      expect(this.href).toBe('blob:archive');
    });
    renderScreen(<YourDataSection />, '/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Download (ZIP, 2.4 MB)' }));
    await waitFor(() => expect(click).toHaveBeenCalledOnce());
    const [url, init] = fetch.mock.calls.find(([input]) => String(input).includes('/download'))!;
    const sent = new URL(String(url));
    expect(sent.pathname + sent.search).toBe('/api/v1/user/data_export/e1/download?expires=1893499200000&sig=abc');
    expect((init!.headers as Record<string, string>).Authorization).toBe('Token token-1');
    expect(await createObjectURL.mock.calls[0]![0].text()).toBe('PK-archive');
  });

  it('says plainly when the archive was downloaded a moment ago or has expired', async () => {
    stubApi({
      'GET /user/data_export': ok({ export: READY }),
      'GET /user/data_export/e1/download': { status: 429, body: { error: 'wait', code: 'EXPORT_DOWNLOAD_TOO_SOON' } },
    });
    renderScreen(<YourDataSection />, '/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Download (ZIP, 2.4 MB)' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'You have just downloaded this archive. Please wait a minute before downloading it again.',
    );
    cleanUpScreen();
    stubApi({
      'GET /user/data_export': ok({ export: READY }),
      'GET /user/data_export/e1/download': { status: 410, body: { error: 'gone', code: 'EXPORT_EXPIRED' } },
    });
    renderScreen(<YourDataSection />, '/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Download (ZIP, 2.4 MB)' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This archive has expired: it was kept for 7 days. Ask for a new one.');
  });

  it('tells when a new archive may be asked for (EXPORT_TOO_SOON), and disables the button until then', async () => {
    const next = Date.now() + DAY / 2;
    stubApi({
      'GET /user/data_export': ok({ export: null }),
      'POST /user/data_export': { status: 429, body: { error: 'one a day', code: 'EXPORT_TOO_SOON', next_export_at: next } },
    });
    renderScreen(<YourDataSection />, '/profile');
    fireEvent.click(await screen.findByRole('button', { name: 'Ask for my data' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/^You can ask for a new archive on .+\.$/);
    cleanUpScreen();
    stubApi({ 'GET /user/data_export': ok({ export: exportOf({ state: 'expired', next_export_at: next }) }) });
    renderScreen(<YourDataSection />, '/profile');
    await screen.findByText('Your last archive has expired. Ask for a new one.');
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Ask for my data' }).disabled).toBe(true);
    expect(screen.getByText(/^You can ask for a new archive on /)).toBeTruthy();
  });

  it('focuses its heading when the address names it (the mail links to /profile#your-data)', async () => {
    stubApi({ 'GET /user/data_export': ok({ export: null }) });
    renderScreen(<YourDataSection />, '/profile#your-data', '/profile');
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Your data' })));
  });
});
