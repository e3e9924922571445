import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadWorker, workerRequest } from '../../test-support/service-worker-scope';

// The offline layer of the service worker (src/service-worker/, issue 47), run against fake caches, IndexedDB and network.
const BUILD = { version: 'b2', precache: ['/assets/index-b2.js', '/assets/index-b2.css', '/assets/ReadingPage-b2.js'] };
const SHELL_HTML = '<!doctype html><html><body><div id="root"></div></body></html>';
const CHAPTER = '5b0e3a70-3d7c-4c1e-9f43-0d6f2a8c1e11';
const OTHER_CHAPTER = '9d2c1b84-7f5e-4a39-8c0d-2e6b4f1a9c37';
const HOUR = 3_600_000;

const offline = async (): Promise<Response> => Promise.reject(new TypeError('Failed to fetch'));
afterEach(() => vi.unstubAllGlobals());
const network =
  (body = 'from the network') =>
  async () =>
    new Response(body);

async function installed(options: Parameters<typeof loadWorker>[0] = {}) {
  const worker = loadWorker({ build: BUILD, fetch: async () => new Response(SHELL_HTML), ...options });
  await worker.fire('install');
  return worker;
}

/** Saves a chapter as the app does: its record and clock in IndexedDB, its pages in the pages' cache. */
async function saveChapter(
  worker: Awaited<ReturnType<typeof installed>>,
  chapterUuid: string,
  record: { state: string; readable_until: number | null },
  latestSeen?: number,
) {
  const stores = worker.indexedDB.databases.get('inkstream-offline') ?? { chapters: new Map(), meta: new Map() };
  worker.indexedDB.databases.set('inkstream-offline', stores);
  stores.chapters!.set(chapterUuid, { chapter_uuid: chapterUuid, ...record });
  if (latestSeen !== undefined) stores.meta!.set('clock', { key: 'clock', latest: latestSeen });
  const pages = await worker.caches.open('inkstream-offline-pages-v1');
  for (const index of [0, 1]) await pages.put(`/offline-pages/${chapterUuid}/${index}`, new Response(`page ${index} of ${chapterUuid}`));
}

const answerTo = async (worker: Awaited<ReturnType<typeof installed>>, path: string) => {
  const { answered } = worker.request(workerRequest(path, 'no-cors'));
  expect(answered, path).toBeDefined();
  return (await answered)!;
};

describe('the service worker offline: install, update and activate', () => {
  it('precaches the build’s files and the app shell, asking the server for the shell afresh', async () => {
    const worker = await installed();
    const shell = worker.caches.named.get('inkstream-shell-b2')!;
    expect(shell.paths().sort()).toEqual(['/assets/ReadingPage-b2.js', '/assets/index-b2.css', '/assets/index-b2.js', '/offline']);
    expect(await (await shell.match('/offline'))!.text()).toBe(SHELL_HTML);
    expect(worker.fetch).toHaveBeenCalledWith('/offline', { cache: 'reload' });
  });

  it('routes the API, media and the console past the worker where the browser can (static routing)', async () => {
    vi.stubGlobal(
      'URLPattern',
      class {
        constructor(readonly init: { pathname: string }) {}
      },
    );
    const worker = loadWorker({ build: BUILD, fetch: async () => new Response(SHELL_HTML) });
    const addRoutes = vi.fn(async () => undefined);
    await worker.fire('install', { addRoutes });
    const [routes] = addRoutes.mock.calls[0] as unknown as [
      { condition: { urlPattern: { init: { pathname: string } } }; source: string }[],
    ];
    expect(routes.map((route) => [route.condition.urlPattern.init.pathname, route.source])).toEqual([
      ['/api/*', 'network'],
      ['/media/*', 'network'],
      ['/admin', 'network'],
      ['/admin/*', 'network'],
    ]);

    // A browser that refuses them still installs the worker, whose fetch handler lets them through.
    const refusing = loadWorker({ build: BUILD, fetch: async () => new Response(SHELL_HTML) });
    await refusing.fire('install', { addRoutes: async () => Promise.reject(new TypeError('unsupported condition')) });
    expect(refusing.caches.named.get('inkstream-shell-b2')!.paths()).toContain('/offline');
  });

  it('fails the install when the shell cannot be fetched, so a later visit tries again', async () => {
    const worker = loadWorker({ build: BUILD, fetch: async () => new Response('gone', { status: 404 }) });
    await expect(worker.fire('install')).rejects.toThrow(/the app shell/);
    expect(worker.scope.skipWaiting).not.toHaveBeenCalled();
  });

  it('takes the pages at once on the first install, and waits for the reader’s word on an update', async () => {
    const first = await installed();
    expect(first.scope.skipWaiting).toHaveBeenCalled();

    const update = await installed({ activeWorker: { state: 'activated' } });
    expect(update.scope.skipWaiting).not.toHaveBeenCalled();
    update.message({ type: 'SOMETHING_ELSE' });
    expect(update.scope.skipWaiting).not.toHaveBeenCalled();
    update.message({ type: 'SKIP_WAITING' });
    expect(update.scope.skipWaiting).toHaveBeenCalledTimes(1);
  });

  it('deletes older shells on activate and keeps the built files and the saved chapters', async () => {
    const worker = await installed({ activeWorker: { state: 'activated' } });
    for (const name of [
      'inkstream-shell-b1',
      'inkstream-shell-dev',
      'inkstream-assets',
      'inkstream-offline-pages-v1',
      'another-site-cache',
    ])
      await worker.caches.open(name);
    await worker.fire('activate');
    expect((await worker.caches.keys()).sort()).toEqual([
      'another-site-cache',
      'inkstream-assets',
      'inkstream-offline-pages-v1',
      'inkstream-shell-b2',
    ]);
    expect(worker.scope.registration.navigationPreload.enable).toHaveBeenCalled();
    expect(worker.scope.clients.claim).toHaveBeenCalled();
  });
});

describe('the service worker offline: pages', () => {
  it('answers a page from the network while there is one, using navigation preload when the browser started it', async () => {
    const worker = await installed({ fetch: network('<p>the library, from the server</p>') });
    const fetched = await worker.request(workerRequest('/library', 'navigate')).answered!;
    expect(await fetched.text()).toBe('<p>the library, from the server</p>');

    worker.fetch.mockClear();
    const preloaded = worker.request(workerRequest('/library', 'navigate'), Promise.resolve(new Response('<p>preloaded</p>')));
    expect(await (await preloaded.answered!).text()).toBe('<p>preloaded</p>');
    expect(worker.fetch).not.toHaveBeenCalled();
  });

  it('answers the app shell for any page of the app when the network fails', async () => {
    const worker = await installed();
    worker.fetch.mockImplementation(offline);
    for (const path of ['/', '/library', '/offline', `/reader/book/chapter/b/${CHAPTER}/3?lang=ar-sa`]) {
      const answer = await worker.request(workerRequest(path, 'navigate')).answered!;
      expect(await answer.text(), path).toBe(SHELL_HTML);
    }
    // The navigation preload's request fails the same way.
    const preloadFailed = worker.request(workerRequest('/library', 'navigate'), offline());
    expect(await (await preloadFailed.answered!).text()).toBe(SHELL_HTML);
  });

  it('never answers the shell for the API, media or the console, and leaves their other requests alone', async () => {
    const worker = await installed();
    worker.fetch.mockImplementation(offline);
    for (const path of ['/api/v1/user/me', '/media/pages/a.webp', '/admin', '/admin/books']) {
      const navigation = worker.request(workerRequest(path, 'navigate'));
      await expect(navigation.answered!, path).rejects.toThrow('Failed to fetch');
      expect(worker.request(workerRequest(path)).answered, path).toBeUndefined();
    }
    expect(worker.request(workerRequest('/api/v1/user/me', 'cors', 'POST')).answered).toBeUndefined();
    expect(worker.request({ url: 'https://cdn.example/a.js', method: 'GET', mode: 'cors' }).answered).toBeUndefined();
  });
});

describe('the service worker offline: built files', () => {
  it('answers precached files from the shell cache, with no request', async () => {
    const worker = await installed();
    worker.fetch.mockClear();
    const answer = await worker.request(workerRequest('/assets/index-b2.js')).answered!;
    expect(await answer.text()).toBe('file /assets/index-b2.js');
    expect(worker.fetch).not.toHaveBeenCalled();
  });

  it('keeps other built files it fetched, the newest 150, and answers them again with no network', async () => {
    const worker = await installed();
    worker.fetch.mockImplementation(
      async (input) => new Response(`fetched ${typeof input === 'string' ? input : new URL(input.url).pathname}`),
    );
    for (let n = 0; n <= 150; n += 1) {
      const { answered, pending } = worker.request(workerRequest(`/assets/chunk-${n}.js`));
      await answered;
      await Promise.all(pending);
    }
    const kept = worker.caches.named.get('inkstream-assets')!.paths();
    expect(kept).toHaveLength(150);
    expect(kept).not.toContain('/assets/chunk-0.js');
    expect(kept).toContain('/assets/chunk-150.js');

    worker.fetch.mockImplementation(offline);
    expect(await (await worker.request(workerRequest('/assets/chunk-150.js')).answered!).text()).toBe('fetched /assets/chunk-150.js');
  });

  it('keeps neither failed answers nor source maps', async () => {
    const worker = await installed();
    worker.fetch.mockImplementation(async () => new Response('missing', { status: 404 }));
    const { answered, pending } = worker.request(workerRequest('/assets/gone-1.js'));
    expect((await answered!).status).toBe(404);
    await Promise.all(pending);
    expect(worker.caches.named.get('inkstream-assets')?.paths() ?? []).toEqual([]);
    expect(worker.request(workerRequest('/assets/index-b2.js.map')).answered).toBeUndefined();
  });
});

describe('the service worker offline: install manifests (issue 56)', () => {
  it('answers a language’s manifest from the network, and from its precached copy with no network', async () => {
    const worker = loadWorker({
      build: { ...BUILD, precache: [...BUILD.precache, '/manifest.zh-cn.webmanifest'] },
      fetch: async () => new Response(SHELL_HTML),
    });
    await worker.fire('install');
    worker.fetch.mockImplementation(network('{"lang":"zh-CN","from":"network"}'));
    expect(await (await worker.request(workerRequest('/manifest.zh-cn.webmanifest')).answered!).text()).toContain('network');
    worker.fetch.mockImplementation(offline);
    expect(await (await worker.request(workerRequest('/manifest.zh-cn.webmanifest')).answered!).text()).toBe(
      'file /manifest.zh-cn.webmanifest',
    );
  });
});

describe('the service worker offline: saved chapters’ pages', () => {
  it('answers a saved chapter’s page from the pages’ cache, never from the network', async () => {
    const worker = await installed();
    await saveChapter(worker, CHAPTER, { state: 'saved', readable_until: null });
    worker.fetch.mockClear();
    const answer = await answerTo(worker, `/offline-pages/${CHAPTER}/1`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toBe(`page 1 of ${CHAPTER}`);
    expect((await answerTo(worker, `/offline-pages/${CHAPTER}/7`)).status).toBe(404);
    expect(worker.fetch).not.toHaveBeenCalled();
  });

  it('answers a membership chapter’s page until its end', async () => {
    const worker = await installed();
    await saveChapter(worker, CHAPTER, { state: 'saved', readable_until: Date.now() + HOUR }, Date.now() - HOUR);
    expect((await answerTo(worker, `/offline-pages/${CHAPTER}/0`)).status).toBe(200);
  });

  it('answers 404 when nothing was saved, without creating the app’s database', async () => {
    const worker = await installed();
    const answer = await answerTo(worker, `/offline-pages/${CHAPTER}/0`);
    expect(answer.status).toBe(404);
    expect(worker.indexedDB.opened).toHaveBeenCalledWith('inkstream-offline');
    // Created empty here, the database would keep the app's own first open from creating its stores.
    expect(worker.indexedDB.databases.size).toBe(0);
    expect(worker.fetch).not.toHaveBeenCalledWith(expect.objectContaining({ url: expect.stringContaining('/offline-pages/') }));
  });

  it('answers 404 for a chapter whose pages are cached but whose record is missing or still saving', async () => {
    const worker = await installed();
    await saveChapter(worker, CHAPTER, { state: 'saving', readable_until: null });
    expect((await answerTo(worker, `/offline-pages/${CHAPTER}/0`)).status).toBe(404);
    worker.indexedDB.databases.get('inkstream-offline')!.chapters!.delete(CHAPTER);
    expect((await answerTo(worker, `/offline-pages/${CHAPTER}/0`)).status).toBe(404);
    // Not expired: the saving code finishes or cleans it, the worker leaves its pages alone.
    expect(worker.caches.named.get('inkstream-offline-pages-v1')!.paths()).toHaveLength(2);
  });

  it('answers 404 for an expired chapter and deletes its pages and record, leaving other chapters', async () => {
    const worker = await installed();
    await saveChapter(worker, CHAPTER, { state: 'saved', readable_until: Date.now() - 1 });
    await saveChapter(worker, OTHER_CHAPTER, { state: 'saved', readable_until: null });
    expect((await answerTo(worker, `/offline-pages/${CHAPTER}/0`)).status).toBe(404);
    expect(worker.caches.named.get('inkstream-offline-pages-v1')!.paths()).toEqual([
      `/offline-pages/${OTHER_CHAPTER}/0`,
      `/offline-pages/${OTHER_CHAPTER}/1`,
    ]);
    const chapters = worker.indexedDB.databases.get('inkstream-offline')!.chapters!;
    expect([...chapters.keys()]).toEqual([OTHER_CHAPTER]);
    // Again, with nothing left to delete.
    expect((await answerTo(worker, `/offline-pages/${CHAPTER}/1`)).status).toBe(404);
    expect((await answerTo(worker, `/offline-pages/${OTHER_CHAPTER}/1`)).status).toBe(200);
  });

  it('keeps an end that passed by the latest time the app saw, even with the device’s clock set back', async () => {
    const worker = await installed();
    await saveChapter(worker, CHAPTER, { state: 'saved', readable_until: Date.now() + HOUR }, Date.now() + 2 * HOUR);
    expect((await answerTo(worker, `/offline-pages/${CHAPTER}/0`)).status).toBe(404);
    expect(worker.caches.named.get('inkstream-offline-pages-v1')!.paths()).toEqual([]);
  });

  it('treats a database without the chapters’ store as nothing saved', async () => {
    const worker = await installed();
    worker.indexedDB.databases.set('inkstream-offline', {});
    const pages = await worker.caches.open('inkstream-offline-pages-v1');
    await pages.put(`/offline-pages/${CHAPTER}/0`, new Response('a page'));
    expect((await answerTo(worker, `/offline-pages/${CHAPTER}/0`)).status).toBe(404);
    expect((await answerTo(worker, '/offline-pages/%E0%A4%A/0')).status).toBe(404);
  });
});
