import { describe, expect, it, vi } from 'vitest';
import { loadWorker as loadFakeWorker, WORKER_ORIGIN as ORIGIN } from '../../test-support/service-worker-scope';

// The worker's Web Push half; its offline half is tested in features/pwa/service-worker-offline.test.ts.
interface FakeClient {
  url: string;
  focus: ReturnType<typeof vi.fn>;
  navigate: ReturnType<typeof vi.fn>;
}

const loadWorker = (windows: FakeClient[]) => loadFakeWorker({ windows });

const tab = (url: string, navigate: () => Promise<unknown> = async () => null): FakeClient => {
  const client: FakeClient = { url, focus: vi.fn(async () => client), navigate: vi.fn(navigate) };
  return client;
};
const click = (url: string) => ({ notification: { close: vi.fn(), data: { url } } });
const CHAPTER = '/reader/book/chapter/b-1/c-3/3';

describe('service worker', () => {
  it('shows a push as a notice with the title, body, icon, tag and the chapter to open', async () => {
    const { scope, fire } = loadWorker([]);
    const notice = { title: 'Harbour Lights', body: 'Chapter 3 is out', url: CHAPTER, tag: 'book-b-1' };
    await fire('push', { data: { json: () => notice } });
    expect(scope.registration.showNotification).toHaveBeenCalledWith('Harbour Lights', {
      body: 'Chapter 3 is out',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: 'book-b-1',
      data: { url: CHAPTER },
    });
  });

  it('never opens an address off the site from a push', async () => {
    for (const url of ['https://evil.example/', '//evil.example/', '/\\evil.example/', 'javascript:alert(1)', 42]) {
      const { scope, fire } = loadWorker([]);
      await fire('push', { data: { json: () => ({ title: 'x', url }) } });
      expect(scope.registration.showNotification, String(url)).toHaveBeenCalledWith(
        'x',
        expect.objectContaining({ data: { url: '/library' } }),
      );
    }
  });

  it('focuses a tab already on the chapter, without reloading it', async () => {
    const other = tab(`${ORIGIN}/library`);
    const showing = tab(`${ORIGIN}${CHAPTER}`);
    const { scope, fire } = loadWorker([other, showing]);
    await fire('notificationclick', click(CHAPTER));
    expect(showing.focus).toHaveBeenCalled();
    expect(other.navigate).not.toHaveBeenCalled();
    expect(scope.clients.openWindow).not.toHaveBeenCalled();
  });

  it('takes one of the site’s tabs to the chapter, or opens a new tab when that tab cannot be navigated', async () => {
    const navigated = tab(`${ORIGIN}${CHAPTER}`);
    const ours = tab(`${ORIGIN}/library`, async () => navigated);
    let worker = loadWorker([ours]);
    await worker.fire('notificationclick', click(CHAPTER));
    expect(ours.navigate).toHaveBeenCalledWith(`${ORIGIN}${CHAPTER}`);
    expect(navigated.focus).toHaveBeenCalled();
    expect(worker.scope.clients.openWindow).not.toHaveBeenCalled();

    // A tab opened before the worker took control: navigate() rejects.
    const uncontrolled = tab(`${ORIGIN}/library`, async () => Promise.reject(new TypeError('not controlled')));
    worker = loadWorker([uncontrolled]);
    await worker.fire('notificationclick', click(CHAPTER));
    expect(worker.scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}${CHAPTER}`);

    worker = loadWorker([]);
    await worker.fire('notificationclick', click(CHAPTER));
    expect(worker.scope.clients.openWindow).toHaveBeenCalledWith(`${ORIGIN}${CHAPTER}`);
  });
});
