import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Language, ServerEntry, ServerRenderingOptions } from '@inkstream/contracts';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { LRUCache } from 'lru-cache';
import { CACHE_TOPICS, versionStamp, type CacheTopic, type VersionSource } from '../../http/cache-rules.js';
import { parseHtmlBody } from './html-parser.js';
import { decodeEntities } from './seo-text.js';

/** A public page as the server rendered it: what goes in `<div id="root">`, and the script the browser takes it over with. */
export interface RenderedPage {
  root: string;
  /** `<script type="application/json" id=…>…</script>`: a data block, which the site's CSP allows (it is never run). */
  script: string;
}

export interface PageRenderer {
  /**
   * The page at `url` (path and query) in `language`, rendered once per version of what it shows
   * (and TTL), or null when it could not be. `lighterImages`: the data saver's lighter pages (a
   * chapter's Save-Data or the reader's cookie). `shows`: what the page shows (default: everything
   * that has a version), so a change of something else keeps it.
   */
  render(
    url: string,
    language: Language,
    options?: { lighterImages?: boolean; shows?: readonly CacheTopic[] },
  ): Promise<RenderedPage | null>;
  stats(): { entries: number; bytes: number; renders: number };
}

/**
 * Rendered pages are kept like the public API answers they are built from (plugins/public-cache.ts):
 * dropped when the version of something they show moves (the catalogue, site settings, legal
 * texts), and after at most 30 s (like counts move without a version), bounded in entries and bytes.
 */
const KEPT_PAGES = { maxEntries: 2_000, maxBytes: 48 * 1024 * 1024, ttlMs: 30_000 };

interface KeptPage {
  page: RenderedPage;
  /** The versions of what it shows when it was rendered. */
  version: string | undefined;
  shows: readonly CacheTopic[];
  at: number;
}

/** The address the web app's calls are made to while rendering; they never leave the process. */
const INTERNAL_ORIGIN = 'http://inkstream.internal';

/**
 * What the server lends the web app's server build: its HTML parser and entity decoder, and a fetch
 * whose calls `app.inject` answers in process, as a visitor (the same routes, checks and public cache
 * as a browser's). Exported for the test that renders pages with a build of its own.
 */
export function inProcessRendering(app: FastifyInstance): ServerRenderingOptions {
  return {
    origin: INTERNAL_ORIGIN,
    parseHtml: parseHtmlBody,
    decodeEntities,
    async fetch(url, init) {
      const response = await app.inject({
        method: (init.method ?? 'GET') as 'GET',
        url: `${url.pathname}${url.search}`,
        headers: init.headers as Record<string, string>,
        ...(typeof init.body === 'string' ? { payload: init.body } : {}),
      });
      return new Response(response.rawPayload, {
        status: response.statusCode,
        headers: { 'content-type': String(response.headers['content-type'] ?? 'application/json') },
      });
    },
  };
}

/**
 * Loads the web app's server build when it exists (a build without it, or the placeholder page,
 * serves the app's shell as before) and renders public pages with it. The screens' API calls are
 * answered in process (inProcessRendering).
 */
export async function loadPageRenderer(options: {
  ssrDir: string;
  app: FastifyInstance;
  versions: VersionSource;
  log: FastifyBaseLogger;
}): Promise<PageRenderer | null> {
  const entryFile = path.join(options.ssrDir, 'entry-server.js');
  if (!existsSync(entryFile)) return null;
  const entry = (await import(pathToFileURL(entryFile).href)) as ServerEntry;
  const { app, versions, log } = options;
  entry.configureServerRendering(inProcessRendering(app));

  const kept = new LRUCache<string, KeptPage>({ max: KEPT_PAGES.maxEntries, maxSize: KEPT_PAGES.maxBytes });
  const rendering = new Map<string, Promise<RenderedPage | null>>();
  let renders = 0;
  versions.subscribe((topic) => {
    const stale = [...kept.entries()].filter(([, hit]) => hit.shows.includes(topic)).map(([key]) => key);
    for (const key of stale) kept.delete(key);
  });

  async function renderNow(url: string, language: Language, lighterImages: boolean): Promise<RenderedPage | null> {
    renders += 1;
    try {
      const { html, render, missing } = await entry.renderPage(url, language, { lighterImages });
      // A screen asked for shared data its route's loader (apps/web routes/page-loaders.ts) does not fetch.
      if (missing.length > 0) log.warn({ url, missing }, 'page rendered without data its screens asked for');
      return {
        root: html,
        script: `<script type="application/json" id="${entry.SERVER_RENDER_ID}">${entry.serializeServerRender(render)}</script>`,
      };
    } catch (error) {
      // The page still works: the browser renders it, as it does for private screens.
      log.warn({ err: error, url }, 'server rendering failed; the page is served for the browser to render');
      return null;
    }
  }

  return {
    async render(url, language, options = {}) {
      const lighterImages = options.lighterImages === true;
      const shows = options.shows ?? CACHE_TOPICS;
      const key = `${language}${lighterImages ? '~' : ''} ${url}`;
      const version = versionStamp(versions, shows);
      const hit = kept.get(key);
      if (hit && version !== undefined && hit.version === version && Date.now() - hit.at < KEPT_PAGES.ttlMs) return hit.page;
      // One render per page at a time: a shared link brings many requests for one page at once.
      let pending = rendering.get(key);
      if (!pending) {
        pending = renderNow(url, language, lighterImages).finally(() => rendering.delete(key));
        rendering.set(key, pending);
        const page = await pending;
        // Kept only if nothing it shows changed while it rendered.
        if (page && version !== undefined && versionStamp(versions, shows) === version) {
          kept.set(key, { page, version, shows, at: Date.now() }, { size: (page.root.length + page.script.length) * 2 + 200 });
        }
        return page;
      }
      return pending;
    },
    stats: () => ({ entries: kept.size, bytes: kept.calculatedSize, renders }),
  };
}
