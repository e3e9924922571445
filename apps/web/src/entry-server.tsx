import { Writable } from 'node:stream';
import type { Language, ServerEntry, ServerRenderingOptions } from '@inkstream/contracts';
import { matchPage } from '@inkstream/contracts/routes';
import { dehydrate, type Query } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppShell, createQueryClient } from './App';
import { setHtmlParser } from './features/reading/chapter-text';
import { createFullLanguage } from './i18n';
import type { Translator } from './i18n/translator';
import { TranslatorProvider } from './i18n/use-translation';
import { setServerTransport } from './lib/api-client';
import { setEntityDecoder } from './lib/decode-entities';
import { serializeServerRender, SERVER_RENDER_ID, type ServerRender } from './lib/server-render';
import { PAGE_LOADERS, SHARED_QUERIES } from './routes/page-loaders';

/**
 * The server's side of the web app: renders a public page from the same components the browser
 * runs, as a visitor (no token, no storage), with React's streaming renderer. The API calls the
 * screens make go to `transport` (the server answers them in process, from its public cache).
 *
 * Data: the route's loader (routes/page-loaders.ts) fetches what the page needs, the page is
 * rendered once from it, and those answers travel to the browser (TanStack Query's dehydrate,
 * hydrate in main.tsx) so it shows the same page without asking again.
 */

export { serializeServerRender, SERVER_RENDER_ID };

/** A render that has not finished by then is cut short (the browser then renders the page itself). */
const RENDER_TIMEOUT_MS = 5_000;

export interface RenderedPage {
  /** What goes inside `<div id="root">`. */
  html: string;
  /** For the `<script type="application/json">` the browser reads (serializeServerRender). */
  render: ServerRender;
  /** Shared queries a screen asked for that its route's loader did not fetch: the page shows them loading (add them to the loader). */
  missing: string[];
}

/** What the server lends the web app's code, which has no DOM here: its HTML parser and its entity decoder. */
export function configureServerRendering(options: ServerRenderingOptions): void {
  setServerTransport(options);
  setHtmlParser(options.parseHtml);
  setEntityDecoder(options.decodeEntities);
}

/** One instance per language with every namespace, made on first use and shared by every render. */
const languages = new Map<Language, Promise<Translator>>();
function languageOf(language: Language): Promise<Translator> {
  let instance = languages.get(language);
  if (!instance) {
    instance = createFullLanguage(language);
    languages.set(language, instance);
  }
  return instance;
}

export async function renderPage(url: string, language: Language, { lighterImages = false } = {}): Promise<RenderedPage> {
  const translator = await languageOf(language);
  // No retries: a call that fails leaves that part to the browser, which retries on its own.
  const queryClient = createQueryClient({ retry: false });
  const renderedAt = Date.now();
  const address = new URL(url, 'http://page.invalid');
  const route = matchPage(address.pathname);
  const loader = route && PAGE_LOADERS[route.name];
  if (loader) {
    const queries = loader({ params: route.params, search: address.searchParams, language, lighterImages });
    await Promise.all(queries.map((prefetch) => prefetch(queryClient)));
  }
  // Several pages render at once (a render waits on lazy screens): what this one is made with
  // travels in its own React context, never in a module.
  const html = await renderToString(
    <TranslatorProvider translator={translator}>
      <AppShell
        queryClient={queryClient}
        render={{ renderedAt, lighterImages, isHydrating: false }}
        router={(routes) => <StaticRouter location={url}>{routes}</StaticRouter>}
      />
    </TranslatorProvider>,
  );
  const state = dehydrate(queryClient, { shouldDehydrateQuery: (query) => isShared(query) && query.state.status === 'success' });
  const missing = queryClient
    .getQueryCache()
    .getAll()
    .filter(isWaitingToFetch)
    .map((query) => query.queryHash);
  return { html, render: { language, renderedAt, state, ...(lighterImages ? { lighterImages } : {}) }, missing };
}

/**
 * The queries whose answers are the same for every visitor: the only ones the server asks. The
 * others (reading progress, membership, library, account) belong to one reader; the browser asks
 * them with its own visitor id or session.
 */
const isShared = (query: Query) => SHARED_QUERIES.has(String(query.queryKey[0]));

/** A shared query a screen rendered with no data, and would fetch in the browser (not one it disabled). */
function isWaitingToFetch(query: Query): boolean {
  if (!isShared(query) || query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
  const enabled: unknown = query.options && 'enabled' in query.options ? query.options.enabled : true;
  const isEnabled = typeof enabled === 'function' ? (enabled as (query: Query) => boolean)(query) : enabled !== false;
  return isEnabled && typeof query.options.queryFn === 'function';
}

/** The streaming renderer, waited on until every lazy screen and boundary is ready: the whole page, no fallbacks. */
function renderToString(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, done) {
        chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
        done();
      },
      final(done) {
        clearTimeout(timer);
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      // Never outline a boundary: React would send a finished boundary past this size (the paged
      // reader's, under the page's head and bars) as a hidden copy that an inline script moves
      // into place, and the page's Content-Security-Policy runs no inline script.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: (error) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
      // An error inside a boundary renders its fallback; the browser renders that part again.
      onError: () => undefined,
    });
    const timer = setTimeout(() => {
      stream.abort();
      reject(new Error(`rendering ${RENDER_TIMEOUT_MS} ms: cut short`));
    }, RENDER_TIMEOUT_MS);
  });
}

/** This module is the server's ServerEntry (contracts): a change on either side fails the other's type check. */
export type CheckedServerEntry = ServerEntryOf<typeof import('./entry-server')>;
type ServerEntryOf<T extends ServerEntry<ServerRender>> = T;
