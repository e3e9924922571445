import { fireEvent, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { renderScreen, setUpI18n } from '../../test-support/render-screen';
import { PushOptIn } from './PushOptIn';

beforeAll(() => setUpI18n());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

/** A browser with Web Push: a service worker container, PushManager and a Notification permission. */
function stubPushBrowser(permission: NotificationPermission, subscribed: boolean) {
  const subscription = {
    endpoint: 'https://push.example.net/abc',
    toJSON: () => ({ endpoint: 'https://push.example.net/abc', keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) } }),
    unsubscribe: vi.fn(async () => true),
  };
  let current: typeof subscription | null = subscribed ? subscription : null;
  const pushManager = {
    getSubscription: vi.fn(async () => current),
    subscribe: vi.fn(async () => (current = subscription)),
  };
  // The registration features/pwa shares with push: it watches it for a new version too.
  const registration = { pushManager, waiting: null, addEventListener: vi.fn() };
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: vi.fn(async () => registration),
      register: vi.fn(async () => registration),
      ready: Promise.resolve(registration),
    },
  });
  vi.stubGlobal('PushManager', function PushManager() {});
  const Notification = Object.assign(function Notification() {}, { permission, requestPermission: vi.fn(async () => 'granted') });
  vi.stubGlobal('Notification', Notification);
  return { pushManager, subscription };
}

describe('new chapter alerts opt-in', () => {
  it('says so plainly when the browser has no Web Push', async () => {
    Object.defineProperty(navigator, 'serviceWorker', { configurable: true, value: undefined });
    delete (navigator as { serviceWorker?: unknown }).serviceWorker;
    renderScreen(<PushOptIn />, '/library');
    expect(await screen.findByText(/This browser cannot show alerts/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('tells a reader who blocked notifications where to allow them', async () => {
    stubPushBrowser('denied', false);
    renderScreen(<PushOptIn />, '/library');
    expect(await screen.findByText(/Notifications are blocked for this site/)).toBeTruthy();
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('subscribes on click with the server key and hands the subscription to the server', async () => {
    const { pushManager } = stubPushBrowser('default', false);
    const fetchMock = vi.fn(async (input: RequestInfo | URL, _init?: RequestInit) => {
      const url = String(input);
      const body = url.includes('/push/public-key')
        ? { data: { result: { public_key: 'BEl62iUYgUivxIkv69yViEuiBIa-Ib9-SkvMeAtA3LFgDzkrxZJjSgSnfckjBJuBkr3qBUYIHBQFLXYp5Nksh8U' } } }
        : { data: { result: { subscribed: true } } };
      return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetchMock);
    renderScreen(<PushOptIn />, '/library');
    fireEvent.click(await screen.findByRole('button', { name: 'Notify me' }));
    expect(await screen.findByText('Alerts are on for this device.')).toBeTruthy();
    const [options] = pushManager.subscribe.mock.calls[0] as unknown as [PushSubscriptionOptionsInit];
    expect(options.userVisibleOnly).toBe(true);
    expect((options.applicationServerKey as Uint8Array).length).toBe(65);
    const post = fetchMock.mock.calls.find(([url]) => String(url).includes('/user/push/subscriptions'))!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      endpoint: 'https://push.example.net/abc',
      keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) },
      language: 'en-us',
    });
  });
});
