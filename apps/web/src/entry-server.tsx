import { Writable } from 'node:stream';
import type { Query, QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { StaticRouter } from 'react-router';
import { AppShell, createQueryClient } from './App';
import { setHtmlParser, type ParsedNode } from './features/reading/chapter-text';
import { createFullLanguage } from './i18n';
import type { Translator } from './i18n/translator';
import { TranslatorProvider } from './i18n/use-translation';
import { setServerTransport, type ServerTransport } from './lib/api-client';
import { setEntityDecoder } from './lib/decode-entities';
import type { Language } from './lib/language';
import type { ServerRender } from './lib/server-render';

/**
 * The server's side of the web app: renders a public page from the same components the browser
 * runs, as a visitor (no token, no storage), with React's streaming renderer. The API calls the
 * screens make go to `transport` (the server answers them in process, from its public cache).
 *
 * Data: a render registers the queries its screens use; the ones still missing are fetched and
 * the page rendered again, until no screen asks for more (a chapter list asks for the book, then
 * its chapters). The final render's queries travel to the browser (its query cache) so it shows the same page without asking again.
 */

export { serializeServerRender, SERVER_RENDER_ID } from './lib/server-render';

/** Renders a page at most this many times: the deepest public screen needs two rounds of calls. */
const MAX_RENDERS = 4;
/** A render that has not finished by then is cut short (the browser then renders the page itself). */
const RENDER_TIMEOUT_MS = 5_000;

export interface RenderedPage {
  /** What goes inside `<div id="root">`. */
  html: string;
  /** For the `<script type="application/json">` the browser reads (serializeServerRender). */
  render: ServerRender;
}

/** What the server lends the web app's code, which has no DOM here: its HTML parser and its entity decoder. */
export function configureServerRendering(
  options: ServerTransport & { parseHtml: (html: string) => ParsedNode; decodeEntities: (text: string) => string },
): void {
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

export async function renderPage(url: string, language: Language): Promise<RenderedPage> {
  const translator = await languageOf(language);
  // No retries: a call that fails leaves that part to the browser, which retries on its own.
  const queryClient = createQueryClient({ retry: false });
  const renderedAt = Date.now();
  const page = (
    <TranslatorProvider translator={translator}>
      <AppShell
        queryClient={queryClient}
        renderedAt={renderedAt}
        router={(routes) => <StaticRouter location={url}>{routes}</StaticRouter>}
      />
    </TranslatorProvider>
  );
  const asked = new Set<string>();
  let html = await renderToString(page);
  for (let round = 1; round < MAX_RENDERS; round++) {
    const missing = queryClient
      .getQueryCache()
      .getAll()
      .filter((query) => !asked.has(query.queryHash) && isWaitingToFetch(query));
    if (missing.length === 0) break;
    for (const query of missing) asked.add(query.queryHash);
    await Promise.all(missing.map((query) => query.fetch().catch(() => undefined)));
    html = await renderToString(page);
  }
  return { html, render: { language, renderedAt, state: { queries: answered(queryClient) } } };
}

/**
 * The queries whose answers are the same for every visitor: the only ones the server asks. The
 * others (reading progress, membership, library, account) belong to one reader; the browser asks
 * them with its own visitor id or session.
 */
const SHARED_QUERIES = new Set([
  'books',
  'book-chapters',
  'book-title',
  'chapter-content',
  'first-chapter',
  'public-config',
  'recommendations',
  'tags',
]);

/** The shared queries that have data, for the browser's cache (seedQueries). */
function answered(queryClient: QueryClient): ServerRender['state']['queries'] {
  return queryClient
    .getQueryCache()
    .getAll()
    .filter((query) => SHARED_QUERIES.has(String(query.queryKey[0])) && query.state.status === 'success')
    .map((query) => ({ queryKey: query.queryKey, data: query.state.data, updatedAt: query.state.dataUpdatedAt }));
}

/** A shared query a screen rendered with no data yet, and would fetch in the browser (not one it disabled). */
function isWaitingToFetch(query: Query): boolean {
  if (!SHARED_QUERIES.has(String(query.queryKey[0]))) return false;
  if (query.state.status !== 'pending' || query.state.fetchStatus !== 'idle') return false;
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
