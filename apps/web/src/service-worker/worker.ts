import { adminPath, PAGE_PATTERNS } from '@inkstream/contracts/routes';
import { PAGES_CACHE } from '../features/offline/offline-storage-names';
import { offlineRecords } from './offline-records';
import { savedPageChapter, savedPagesPrefix, savedPageVerdict } from './saved-page';
import { sitePath } from './site-path';
import type { FetchEventLike, InstallEventLike, WorkerBuild, WorkerScope } from './worker-scope';

/*
 * Inkstream's service worker (docs/WEB.md, "The service worker and the installable app"): the
 * app opens and reads saved chapters with no connection (issue 47), and new-chapter notices
 * arrive by Web Push. sw.ts starts it on the real scope; the tests start it on a fake one.
 *
 * - Pages (navigations of the app): the network first; with no network, the app shell (a page the
 *   server answers with an empty root, cached at install), from which the app renders any address.
 * - /assets/* (built files, named by their content): from the caches first, else the network.
 * - /manifest.<language>.webmanifest (the install manifests, one per language): the network first,
 *   else this build's precached copy, so the installed app opened offline keeps its own words.
 * - /offline-pages/<chapter>/<index>: a saved chapter's page, from the saved chapters' cache only,
 *   and only while the chapter is saved and readable (saved-page.ts, the offline feature's rule).
 * - Everything else (API calls, media, the console) passes through untouched; the API, media and
 *   the console skip the worker altogether where the browser routes requests itself (install).
 */

/** The app shell and the precached files of a build; older builds' are deleted when this one activates. */
export const SHELL_CACHE_PREFIX = 'inkstream-shell-';
/** Built files fetched while reading, kept across builds (their names never repeat), the oldest dropped past the limit. */
export const ASSET_CACHE = 'inkstream-assets';
const ASSET_CACHE_LIMIT = 150;
/** A private page of the app: the server answers it with the shell and an empty root. */
const SHELL_URL = PAGE_PATTERNS.offline;
/** The install manifests, one per language (the server writes them; every page links its language's). */
const WEB_MANIFEST = /^\/manifest\.[a-z]{2}-[a-z]{2}\.webmanifest$/;
/** Navigations the app does not render offline: the API, media files and the operator's console. */
const NOT_THE_APP = /^\/(?:api|media|admin)(?:\/|$)/;
/** The same paths, for the browser's static routing (the console: its first screen, and all under it). */
const NOT_THE_APP_PATHS = ['/api/*', '/media/*', adminPath.dashboard, PAGE_PATTERNS.admin];
const ICON = '/icons/icon-192.png';

type UrlPatternConstructor = new (init: { pathname: string }) => unknown;

/** Registers the worker's handlers on `scope` (the worker's `self`), for the build `build`. */
export function startServiceWorker(scope: WorkerScope, build: WorkerBuild): void {
  const shellCache = `${SHELL_CACHE_PREFIX}${build.version}`;
  const records = offlineRecords(scope.indexedDB);

  scope.addEventListener('install', (event) => {
    event.waitUntil(
      (async () => {
        await routePastTheWorker(event);
        await precache();
        // The first worker takes the open pages at once. A new version waits until the reader
        // chooses "Reload" (the page posts SKIP_WAITING): the pages open now run the old code.
        if (!scope.registration.active) await scope.skipWaiting();
      })(),
    );
  });

  /**
   * Where the browser routes requests itself (static routing, Chromium 123+), the API, media and the
   * console skip the worker altogether: no worker start before an API call or a picture, and a
   * keepalive call sent as the page closes (the reading position) leaves as it would without a worker.
   * Elsewhere the fetch handler below lets them through.
   */
  async function routePastTheWorker(event: InstallEventLike) {
    const URLPattern = (globalThis as { URLPattern?: unknown }).URLPattern as UrlPatternConstructor | undefined;
    if (typeof event.addRoutes !== 'function' || typeof URLPattern !== 'function') return;
    const addRoutes = event.addRoutes as (routes: unknown[]) => Promise<void>;
    try {
      await addRoutes.call(
        event,
        NOT_THE_APP_PATHS.map((pathname) => ({ condition: { urlPattern: new URLPattern({ pathname }) }, source: 'network' })),
      );
    } catch {
      // A browser that refuses these routes: the fetch handler passes them through.
    }
  }

  async function precache() {
    const cache = await scope.caches.open(shellCache);
    // Never the HTTP cache's copy: the shell must name this build's files.
    const shell = await scope.fetch(SHELL_URL, { cache: 'reload' });
    if (!shell.ok) throw new Error(`the app shell (${SHELL_URL}) answered ${shell.status}`);
    await cache.addAll(build.precache);
    await cache.put(SHELL_URL, shell);
  }

  scope.addEventListener('activate', (event) => {
    event.waitUntil(
      (async () => {
        const names = await scope.caches.keys();
        // Only older shells go: the assets' cache and the saved chapters' cache stay across versions.
        await Promise.all(
          names.filter((name) => name.startsWith(SHELL_CACHE_PREFIX) && name !== shellCache).map((name) => scope.caches.delete(name)),
        );
        // The page's request starts while the worker starts, rather than after it.
        if (scope.registration.navigationPreload) await scope.registration.navigationPreload.enable();
        await scope.clients.claim();
      })(),
    );
  });

  scope.addEventListener('message', (event) => {
    if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void scope.skipWaiting();
  });

  scope.addEventListener('fetch', (event) => {
    const { request } = event;
    if (request.method !== 'GET') return;
    const url = new URL(request.url);
    if (url.origin !== scope.location.origin) return;
    const savedChapter = savedPageChapter(url.pathname);
    if (savedChapter !== null) {
      event.respondWith(answerSavedPage(url, savedChapter));
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
  async function manifestFile(request: Request) {
    try {
      return await scope.fetch(request);
    } catch (error) {
      const precached = await (await scope.caches.open(shellCache)).match(request, { ignoreVary: true });
      if (precached) return precached;
      throw error;
    }
  }

  async function preloadedOrFetched(event: FetchEventLike): Promise<Response> {
    return ((await event.preloadResponse) as Response | undefined) || scope.fetch(event.request);
  }

  /** The network's page, or the app shell when there is no network (the app then renders the address itself). */
  async function pageOrShell(event: FetchEventLike) {
    try {
      return await preloadedOrFetched(event);
    } catch (error) {
      const cache = await scope.caches.open(shellCache);
      // The shell was kept with the Vary of a page (language, cookies): any request takes it.
      const shell = await cache.match(SHELL_URL, { ignoreSearch: true, ignoreVary: true });
      if (shell) return shell;
      throw error;
    }
  }

  /** A built file: this build's precached copy, else one kept while reading, else the network (then kept). */
  async function builtFile(event: FetchEventLike) {
    const { request } = event;
    const options = { ignoreVary: true };
    const precached = await (await scope.caches.open(shellCache)).match(request, options);
    if (precached) return precached;
    const assets = await scope.caches.open(ASSET_CACHE);
    const kept = await assets.match(request, options);
    if (kept) return kept;
    const response = await scope.fetch(request);
    if (response.status === 200 && response.type === 'basic') event.waitUntil(keepAsset(assets, request, response.clone()));
    return response;
  }

  async function keepAsset(assets: Cache, request: Request, response: Response) {
    await assets.put(request, response);
    // Keys come back in the order they were put: the oldest go first.
    const keys = await assets.keys();
    await Promise.all(keys.slice(0, Math.max(0, keys.length - ASSET_CACHE_LIMIT)).map((key) => assets.delete(key)));
  }

  /*
   * Saved chapters. The app (features/offline/) creates and writes them; this worker only reads
   * them (offline-records.ts), and deletes a chapter whose time is up, as the app itself does.
   */
  async function answerSavedPage(url: URL, chapterSegment: string) {
    let chapterUuid: string;
    try {
      chapterUuid = decodeURIComponent(chapterSegment);
    } catch {
      return notFound();
    }
    const { record, latestSeen } = await records.read(chapterUuid).catch(() => ({ record: null, latestSeen: 0 }));
    const verdict = savedPageVerdict(record, latestSeen, Date.now());
    if (verdict === 'expired') await forgetChapter(chapterUuid).catch(() => undefined);
    if (verdict !== 'serve') return notFound();
    const cache = await scope.caches.open(PAGES_CACHE);
    return (await cache.match(url.origin + url.pathname, { ignoreSearch: true, ignoreVary: true })) || notFound();
  }

  /** Its pages first, then its record: a deletion cut short leaves a record that still says expired, and the next request finishes it. */
  async function forgetChapter(chapterUuid: string) {
    const cache = await scope.caches.open(PAGES_CACHE);
    const prefix = savedPagesPrefix(chapterUuid);
    const keys = await cache.keys();
    await Promise.all(keys.filter((key) => new URL(key.url).pathname.startsWith(prefix)).map((key) => cache.delete(key)));
    await records.forget(chapterUuid);
  }

  // Web Push: new-chapter notices, and opening them.
  scope.addEventListener('push', (event) => {
    let notice: { title?: unknown; body?: unknown; tag?: unknown; url?: unknown } = {};
    try {
      notice = ((event.data ? event.data.json() : {}) as typeof notice | null) ?? {};
    } catch {
      notice = {};
    }
    const url = sitePath(notice.url, scope.location.origin);
    event.waitUntil(
      scope.registration.showNotification((notice.title as string) || 'Inkstream', {
        body: (notice.body as string) || '',
        icon: ICON,
        badge: ICON,
        tag: (notice.tag as string) || 'inkstream',
        data: { url },
      }),
    );
  });

  /*
   * A click shows the chapter: in a tab already on it, else in one of our tabs (navigated there),
   * else in a new one. A tab the worker does not control cannot be navigated (navigate() rejects),
   * so that case falls back to a new tab rather than to nothing at all.
   */
  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data = event.notification.data as { url?: string } | null | undefined;
    const target = new URL(data && data.url ? data.url : PAGE_PATTERNS.library, scope.location.origin);
    event.waitUntil(
      (async () => {
        const windows = await scope.clients.matchAll({ type: 'window', includeUncontrolled: true });
        const showing = windows.find((client) => client.url === target.href);
        if (showing) return showing.focus();
        const ours = windows.find((client) => new URL(client.url).origin === target.origin && 'navigate' in client);
        if (ours?.navigate) {
          try {
            const navigated = await ours.navigate(target.href);
            if (navigated) return navigated.focus();
          } catch {
            // Not controlled by this worker: open a new tab below.
          }
        }
        return scope.clients.openWindow(target.href);
      })(),
    );
  });
}

function notFound() {
  return new Response(null, { status: 404, headers: { 'cache-control': 'no-store' } });
}
