/*
 * Inkstream's service worker (docs/WEB.md, "The service worker and the installable app"): the
 * app opens and reads saved chapters with no connection (issue 47), and new-chapter notices
 * arrive by Web Push.
 *
 * - Pages (navigations of the app): the network first; with no network, the app shell (a page the
 *   server answers with an empty root, cached at install), from which the app renders any address.
 * - /assets/* (built files, named by their content): from the caches first, else the network.
 * - /manifest.<language>.webmanifest (the install manifests, one per language): the network first,
 *   else this build's precached copy, so the installed app opened offline keeps its own words.
 * - /offline-pages/<chapter>/<index>: a saved chapter's page, from the saved chapters' cache only,
 *   and only while the chapter is saved and readable (see "Saved chapters" below).
 * - Everything else (API calls, media, the console) passes through untouched; the API, media and
 *   the console skip the worker altogether where the browser routes requests itself (install).
 *
 * Plain JavaScript served as it is; the build only rewrites the BUILD line below
 * (apps/web/build/service-worker-plugin.ts).
 */

// The build's version and the files to precache, written by the build; in development nothing is precached.
const BUILD = { version: 'dev', precache: [] };

/** The app shell and the precached files of this build; older builds' are deleted when this one activates. */
const SHELL_CACHE_PREFIX = 'inkstream-shell-';
const SHELL_CACHE = `${SHELL_CACHE_PREFIX}${BUILD.version}`;
/** Built files fetched while reading, kept across builds (their names never repeat), the oldest dropped past the limit. */
const ASSET_CACHE = 'inkstream-assets';
const ASSET_CACHE_LIMIT = 150;
/** Saved chapters' pages: written by the app's saving code, never by this worker, and never deleted on an update. */
const OFFLINE_PAGES_CACHE = 'inkstream-offline-pages-v1';
/** A private page of the app: the server answers it with the shell and an empty root (PAGE_PATTERNS.offline). */
const SHELL_URL = '/offline';
const OFFLINE_PAGE = /^\/offline-pages\/([^/]+)\/([^/]+)$/;
/** The install manifests, one per language (the server writes them; every page links its language's). */
const WEB_MANIFEST = /^\/manifest\.[a-z]{2}-[a-z]{2}\.webmanifest$/;
/** Navigations the app does not render offline: the API, media files and the operator's console. */
const NOT_THE_APP = /^\/(?:api|media|admin)(?:\/|$)/;
/** The same paths, for the browser's static routing. */
const NOT_THE_APP_PATHS = ['/api/*', '/media/*', '/admin', '/admin/*'];

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      await routePastTheWorker(event);
      await precache();
      // The first worker takes the open pages at once. A new version waits until the reader
      // chooses "Reload" (the page posts SKIP_WAITING): the pages open now run the old code.
      if (!self.registration.active) await self.skipWaiting();
    })(),
  );
});

/**
 * Where the browser routes requests itself (static routing, Chromium 123+), the API, media and the
 * console skip the worker altogether: no worker start before an API call or a picture, and a
 * keepalive call sent as the page closes (the reading position) leaves as it would without a worker.
 * Elsewhere the fetch handler below lets them through.
 */
async function routePastTheWorker(event) {
  if (typeof event.addRoutes !== 'function' || typeof URLPattern !== 'function') return;
  try {
    await event.addRoutes(
      NOT_THE_APP_PATHS.map((pathname) => ({ condition: { urlPattern: new URLPattern({ pathname }) }, source: 'network' })),
    );
  } catch {
    // A browser that refuses these routes: the fetch handler passes them through.
  }
}

async function precache() {
  const cache = await self.caches.open(SHELL_CACHE);
  // Never the HTTP cache's copy: the shell must name this build's files.
  const shell = await self.fetch(SHELL_URL, { cache: 'reload' });
  if (!shell.ok) throw new Error(`the app shell (${SHELL_URL}) answered ${shell.status}`);
  await cache.addAll(BUILD.precache);
  await cache.put(SHELL_URL, shell);
}

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await self.caches.keys();
      // Only older shells go: the assets' cache and the saved chapters' cache stay across versions.
      await Promise.all(
        names.filter((name) => name.startsWith(SHELL_CACHE_PREFIX) && name !== SHELL_CACHE).map((name) => self.caches.delete(name)),
      );
      // The page's request starts while the worker starts, rather than after it.
      if (self.registration.navigationPreload) await self.registration.navigationPreload.enable();
      await self.clients.claim();
    })(),
  );
});

self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'SKIP_WAITING') self.skipWaiting();
});

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  const savedPage = OFFLINE_PAGE.exec(url.pathname);
  if (savedPage) {
    event.respondWith(answerSavedPage(url, savedPage[1]));
  } else if (request.mode === 'navigate') {
    // With navigation preload on, every navigation has a request already under way: answering with
    // it is what passing through means here (without respondWith the browser would ask again).
    event.respondWith(NOT_THE_APP.test(url.pathname) ? preloadedOrFetched(event) : pageOrShell(event));
  } else if (url.pathname.startsWith('/assets/') && !url.pathname.endsWith('.map')) {
    event.respondWith(builtFile(event));
  } else if (WEB_MANIFEST.test(url.pathname)) {
    event.respondWith(manifestFile(request));
  }
});

/** An install manifest: the network's (its words follow the server), else this build's precached copy. */
async function manifestFile(request) {
  try {
    return await self.fetch(request);
  } catch (error) {
    const precached = await (await self.caches.open(SHELL_CACHE)).match(request, { ignoreVary: true });
    if (precached) return precached;
    throw error;
  }
}

async function preloadedOrFetched(event) {
  return (await event.preloadResponse) || self.fetch(event.request);
}

/** The network's page, or the app shell when there is no network (the app then renders the address itself). */
async function pageOrShell(event) {
  try {
    return await preloadedOrFetched(event);
  } catch (error) {
    const cache = await self.caches.open(SHELL_CACHE);
    // The shell was kept with the Vary of a page (language, cookies): any request takes it.
    const shell = await cache.match(SHELL_URL, { ignoreSearch: true, ignoreVary: true });
    if (shell) return shell;
    throw error;
  }
}

/** A built file: this build's precached copy, else one kept while reading, else the network (then kept). */
async function builtFile(event) {
  const { request } = event;
  const options = { ignoreVary: true };
  const precached = await (await self.caches.open(SHELL_CACHE)).match(request, options);
  if (precached) return precached;
  const assets = await self.caches.open(ASSET_CACHE);
  const kept = await assets.match(request, options);
  if (kept) return kept;
  const response = await self.fetch(request);
  if (response.status === 200 && response.type === 'basic') event.waitUntil(keepAsset(assets, request, response.clone()));
  return response;
}

async function keepAsset(assets, request, response) {
  await assets.put(request, response);
  // Keys come back in the order they were put: the oldest go first.
  const keys = await assets.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - ASSET_CACHE_LIMIT)).map((key) => assets.delete(key)));
}

/*
 * Saved chapters. The app (apps/web/src/features/offline/offline-db.ts) creates and writes them;
 * this worker only reads them, and deletes a chapter whose time is up, as the app itself does:
 *
 *   IndexedDB database 'inkstream-offline', version 1
 *     store 'chapters', keyPath 'chapter_uuid': one record per saved chapter, of which the worker reads
 *       state           'saving' | 'saved' (only a 'saved' chapter's pages are answered)
 *       readable_until  ms since the epoch, or null for no end (a free or coin-unlocked chapter)
 *     store 'meta', keyPath 'key': { key: 'clock', latest: number }, the latest time the app has seen,
 *       so a clock set back does not reopen a chapter: now = max(Date.now(), latest)
 *   Cache Storage 'inkstream-offline-pages-v1': the pages, keyed /offline-pages/<chapter_uuid>/<index>
 *
 * The worker never creates the database or a store: where either is missing, nothing is saved.
 */
const OFFLINE_DB = 'inkstream-offline';
const CHAPTERS_STORE = 'chapters';
const META_STORE = 'meta';

/** What a saved chapter's page gets: 'serve' it, 'missing' (404), or 'expired' (404, and the chapter is deleted). */
function savedPageVerdict(record, latestSeen, now) {
  if (!record || record.state !== 'saved') return 'missing';
  if (record.readable_until === null) return 'serve';
  if (typeof record.readable_until !== 'number') return 'missing';
  const clock = Math.max(now, typeof latestSeen === 'number' ? latestSeen : 0);
  return record.readable_until > clock ? 'serve' : 'expired';
}

async function answerSavedPage(url, chapterSegment) {
  let chapterUuid;
  try {
    chapterUuid = decodeURIComponent(chapterSegment);
  } catch {
    return notFound();
  }
  const { record, latestSeen } = await offlineRecords.read(chapterUuid).catch(() => ({ record: null, latestSeen: 0 }));
  const verdict = savedPageVerdict(record, latestSeen, Date.now());
  if (verdict === 'expired') await forgetChapter(chapterUuid).catch(() => undefined);
  if (verdict !== 'serve') return notFound();
  const cache = await self.caches.open(OFFLINE_PAGES_CACHE);
  return (await cache.match(url.origin + url.pathname, { ignoreSearch: true, ignoreVary: true })) || notFound();
}

/** Its pages first, then its record: a deletion cut short leaves a record that still says expired, and the next request finishes it. */
async function forgetChapter(chapterUuid) {
  const cache = await self.caches.open(OFFLINE_PAGES_CACHE);
  const prefix = `/offline-pages/${encodeURIComponent(chapterUuid)}/`;
  const keys = await cache.keys();
  await Promise.all(keys.filter((key) => new URL(key.url).pathname.startsWith(prefix)).map((key) => cache.delete(key)));
  await offlineRecords.forget(chapterUuid);
}

function notFound() {
  return new Response(null, { status: 404, headers: { 'cache-control': 'no-store' } });
}

/** The saved chapters' records in IndexedDB, read (and an expired one deleted) with the schema above. */
const offlineRecords = {
  async read(chapterUuid) {
    return withOfflineDb([CHAPTERS_STORE, META_STORE], 'readonly', async (stores) => {
      if (!stores) return { record: null, latestSeen: 0 };
      const [record, clock] = await Promise.all([
        settled(stores.get(CHAPTERS_STORE).get(chapterUuid)),
        stores.has(META_STORE) ? settled(stores.get(META_STORE).get('clock')) : undefined,
      ]);
      return { record: record || null, latestSeen: clock && typeof clock.latest === 'number' ? clock.latest : 0 };
    });
  },
  async forget(chapterUuid) {
    await withOfflineDb([CHAPTERS_STORE], 'readwrite', async (stores) => {
      if (stores) await settled(stores.get(CHAPTERS_STORE).delete(chapterUuid));
    });
  },
};

/**
 * Runs `work` with the stores named that exist (a Map of name to object store; null when the
 * database or the chapters' store is missing), then closes the database, so the worker never
 * holds it open against the app's next version upgrade.
 */
async function withOfflineDb(storeNames, mode, work) {
  const db = await openOfflineDb();
  if (!db) return work(null);
  try {
    if (!db.objectStoreNames.contains(CHAPTERS_STORE)) return await work(null);
    const present = storeNames.filter((name) => db.objectStoreNames.contains(name));
    const transaction = db.transaction(present, mode);
    const done = new Promise((resolve, reject) => {
      transaction.oncomplete = resolve;
      transaction.onerror = () => reject(transaction.error);
      transaction.onabort = () => reject(transaction.error);
    });
    const result = await work(new Map(present.map((name) => [name, transaction.objectStore(name)])));
    await done;
    return result;
  } finally {
    db.close();
  }
}

/** The database as the app left it, or null. Opening a missing one would create it empty at version 1, and the app's own open would then never create its stores: that upgrade is aborted. */
function openOfflineDb() {
  return new Promise((resolve) => {
    let request;
    try {
      request = self.indexedDB.open(OFFLINE_DB);
    } catch {
      resolve(null);
      return;
    }
    request.onupgradeneeded = () => request.transaction.abort();
    request.onsuccess = () => resolve(request.result);
    request.onerror = (event) => {
      if (event && event.preventDefault) event.preventDefault();
      resolve(null);
    };
  });
}

function settled(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/*
 * Web Push: new-chapter notices, and opening them.
 *
 * Only a path on this site is ever opened: '//host' and '/\\host' start with a slash too, so the
 * address is resolved and its origin compared rather than its first character.
 */
function sitePath(value) {
  if (typeof value !== 'string' || !value.startsWith('/')) return '/library';
  try {
    const url = new URL(value, self.location.origin);
    if (url.origin === self.location.origin) return url.pathname + url.search + url.hash;
  } catch {
    // Not an address: the library instead.
  }
  return '/library';
}

self.addEventListener('push', (event) => {
  let notice = {};
  try {
    notice = event.data ? event.data.json() : {};
  } catch {
    notice = {};
  }
  const url = sitePath(notice.url);
  event.waitUntil(
    self.registration.showNotification(notice.title || 'Inkstream', {
      body: notice.body || '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      tag: notice.tag || 'inkstream',
      data: { url },
    }),
  );
});

/*
 * A click shows the chapter: in a tab already on it, else in one of our tabs (navigated there),
 * else in a new one. A tab the worker does not control cannot be navigated (navigate() rejects),
 * so that case falls back to a new tab rather than to nothing at all.
 */
self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(
    event.notification.data && event.notification.data.url ? event.notification.data.url : '/library',
    self.location.origin,
  );
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const showing = windows.find((client) => client.url === target.href);
      if (showing) return showing.focus();
      const ours = windows.find((client) => new URL(client.url).origin === target.origin && 'navigate' in client);
      if (ours) {
        try {
          const navigated = await ours.navigate(target.href);
          if (navigated) return navigated.focus();
        } catch {
          // Not controlled by this worker: open a new tab below.
        }
      }
      return self.clients.openWindow(target.href);
    })(),
  );
});
