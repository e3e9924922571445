import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import { ErrorCode } from '@inkstream/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, onResponseHookHandler } from 'fastify';
import { isDatabaseUnavailable } from '../../db/database-errors.js';
import { chooseEncoding, createHtmlCompressor } from './html-compression.js';
import type { InlineStyles } from './inline-styles.js';
import type { PageRenderer } from './page-renderer.js';
import { createPageTemplate } from './page-template.js';
import { createManifestSource, renderPreloadHints } from './preload-hints.js';
import type { PageHead, PageRequest } from './seo.service.js';
import { wantsLighterPages } from '../../http/data-saver.js';

/** The web app's service worker (dist/sw.js, bundled from src/service-worker/, precompressed beside it in a build). */
const SERVICE_WORKER_FILE = /^sw\.js(?:\.br|\.gz)?$/;

/** apps/web, from apps/server/src/modules/pages (tests) or apps/server/dist/modules/pages. */
const WEB_APP_DIR = path.resolve(import.meta.dirname, '../../../../web');

export interface WebPages {
  pageHead(request: PageRequest): Promise<PageHead>;
  fallbackHead(request: PageRequest): PageHead;
}

/**
 * Serves the web app: its built files, and index.html for every other browser route so the
 * client-side router can take over. index.html is never sent as it is: each request gets the
 * head of its page (title, description, canonical, Open Graph, hreflang) and the status the page
 * deserves (404 for a book that does not exist). API and media paths that match nothing answer JSON 404.
 */
export async function registerStaticWeb(
  app: FastifyInstance,
  options: {
    webDir: string;
    pages: WebPages;
    renderer?: PageRenderer | null;
    inlineStyles?: InlineStyles;
    /** false until the start-up work has reached the database (db/database-gate.ts): pages get the generic head. */
    isDatabaseReady?: () => boolean;
    /** Run once a request no route matched is answered (metrics: modules/metrics/http-metrics.ts). */
    onUnmatchedResponse?: onResponseHookHandler;
  },
): Promise<void> {
  const { webDir, pages, renderer, inlineStyles, isDatabaseReady = () => true } = options;
  // apps/web/public after the build output: the manifest and icons are there even with the
  // placeholder page or a build older than them; a built file of the same name wins.
  const publicDir = path.join(WEB_APP_DIR, 'public');
  const roots = existsSync(publicDir) && path.resolve(webDir) !== publicDir ? [webDir, publicDir] : [webDir];
  await app.register(fastifyStatic, {
    root: roots,
    prefix: '/',
    wildcard: false,
    index: false,
    globIgnore: ['index.html'],
    decorateReply: false,
    // The web build writes .br/.gz beside each asset (apps/web/scripts/precompress.mjs).
    preCompressed: true,
    cacheControl: false,
    setHeaders: (response, filePath) => {
      // Vite names built assets by content hash: they never change, so browsers keep them a year.
      const isHashedAsset = filePath.includes(`${path.sep}assets${path.sep}`);
      // The service worker is asked again on every check for a new version (docs/WEB.md): an hour
      // in a cache between the browser and us would hold a new version back for that hour.
      const isServiceWorker = SERVICE_WORKER_FILE.test(path.basename(filePath));
      response.setHeader(
        'cache-control',
        isHashedAsset ? 'public, max-age=31536000, immutable' : isServiceWorker ? 'no-cache' : 'public, max-age=3600',
      );
    },
  });

  const template = createPageTemplate(path.join(webDir, 'index.html'), inlineStyles);
  const compressHtml = createHtmlCompressor();
  // Vite's manifest of the build: which chunks a lazy screen needs, for the head's preload hints.
  const manifest = createManifestSource(path.join(webDir, '.vite', 'manifest.json'));
  async function sendPage(request: FastifyRequest, reply: FastifyReply) {
    const lighterImages = wantsLighterPages(request.headers);
    const pageRequest = {
      url: request.url,
      acceptLanguage: request.headers['accept-language'],
      cookie: request.headers.cookie,
      lighterImages,
    };
    let head: PageHead | null = null;
    // Before the start-up work reached the database, and while it is unavailable, the page itself
    // needs none: the generic head is sent so the app loads and retries its calls.
    if (isDatabaseReady()) {
      try {
        head = await pages.pageHead(pageRequest);
      } catch (error) {
        if (!isDatabaseUnavailable(error)) throw error;
        request.log.warn({ err: error }, 'database unavailable; page served with the generic head');
      }
    }
    const isDegraded = head === null;
    const page = head ?? pages.fallbackHead(pageRequest);
    // A public page arrives rendered (the same for every visitor); the rest as the app's shell.
    const rendered =
      renderer && page.isPublic
        ? await renderer.render(request.url, page.language, { lighterImages, ...(page.shows ? { shows: page.shows } : {}) })
        : null;
    const hints = page.hints ? renderPreloadHints(page.hints, await manifest.read(), { applyStyles: rendered !== null }) : [];
    const html = await template.render({
      ...page,
      ...(hints.length > 0 ? { endOfHead: hints.join('\n    ') } : {}),
      ...(rendered ? { body: { root: rendered.root, afterRoot: rendered.script, codeAfterImages: page.hints?.image !== undefined } } : {}),
    });
    reply
      .status(page.status)
      .header('cache-control', isDegraded ? 'no-store' : 'no-cache')
      // The language comes from ?lang= (in the URL), the chosen-language cookie, or Accept-Language;
      // a chapter's pages from the data saver (Save-Data, or the reader's cookie).
      .header('vary', 'Accept-Language, Cookie, Accept-Encoding, Save-Data')
      .type('text/html; charset=utf-8');
    const encoding = request.method === 'GET' ? chooseEncoding(request.headers['accept-encoding']) : null;
    if (!encoding) return reply.send(html);
    return reply.header('content-encoding', encoding).send(await compressHtml(html, encoding));
  }

  app.get('/', { schema: { hide: true } }, sendPage);
  // Fastify gives the not-found context the hooks its options name, onResponse among them (its
  // types list only preValidation and preHandler, hence the cast).
  const notFoundHooks = options.onUnmatchedResponse ? ({ onResponse: [options.onUnmatchedResponse] } as object) : {};
  app.setNotFoundHandler(notFoundHooks, (request, reply) => {
    const isApi = request.url.startsWith('/api/') || request.url.startsWith('/media/');
    if (isApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ error: `No route for ${request.method} ${request.url.split('?')[0]}`, code: ErrorCode.NOT_FOUND });
    }
    return sendPage(request, reply);
  });
}

/** The built web app when it exists, else the placeholder page shipped with the repository. */
export function resolveWebDir(builtDir: string | null): string {
  return builtDir ?? path.join(WEB_APP_DIR, 'placeholder');
}
