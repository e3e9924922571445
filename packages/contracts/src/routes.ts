/**
 * The site's pages, once: the web app's router (apps/web/src/App.tsx) is built from these
 * patterns, its links from the path builders, and the server (apps/server/src/modules/pages/)
 * knows which page a request asks for with `matchPage`. Patterns use React Router's syntax.
 */
export const PAGE_PATTERNS = {
  home: '/',
  books: '/books',
  // Search results (`?q=` and the book list's filters): server-rendered, indexed when something is found.
  search: '/search',
  book: '/book/chapters/:id',
  reading: '/reader/book/chapter/:bookid/:chapter_uuid/:chapter_number',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  confirmEmail: '/confirm-email',
  profile: '/profile',
  library: '/library',
  contact: '/contact-us',
  // One-click unsubscribe from an e-mail (apps/server modules/mail/): the token is in the query.
  unsubscribe: '/unsubscribe',
  sandboxCheckout: '/sandbox/checkout/:orderId',
  // The operator console: its own screens under /admin (the API refuses non-admins).
  admin: '/admin/*',
} as const;

export type PageName = keyof typeof PAGE_PATTERNS;

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/**
 * What a parameter must look like for the server to know the page: a book that is not a UUID is
 * no book (404 without a query). The browser's router takes any value and lets the API answer.
 */
const PARAM_SHAPES: Record<string, string> = {
  id: UUID,
  bookid: UUID,
  chapter_uuid: UUID,
  chapter_number: '\\d+',
  orderId: '[\\w-]{1,64}',
};
/** A splat (`/*`): the console's own paths, bounded. */
const SPLAT = '(?:/[\\w./-]{0,200})?';

const MATCHERS = (Object.entries(PAGE_PATTERNS) as [PageName, string][]).map(([name, pattern]) => {
  const names: string[] = [];
  const source = pattern
    .replace(/\/\*$/, () => SPLAT)
    .replace(/:(\w+)/g, (_, param: string) => {
      names.push(param);
      return `(${PARAM_SHAPES[param] ?? '[^/]+'})`;
    });
  return { name, names, regex: new RegExp(`^${source}$`) };
});

/** A page request's route: its name and parameters. */
export interface PageMatch {
  name: PageName;
  params: Readonly<Record<string, string>>;
}

/**
 * The page a path names, or null for an unknown one. A trailing slash is ignored, and
 * `/index.html` is the home page (what a static host would call it).
 */
export function matchPage(pathname: string): PageMatch | null {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (path === '/index.html') return { name: 'home', params: {} };
  for (const { name, names, regex } of MATCHERS) {
    const found = regex.exec(path);
    if (found) return { name, params: Object.fromEntries(names.map((param, i) => [param, found[i + 1]!])) };
  }
  return null;
}

/** Links to the pages that take parameters (the others are their pattern: `PAGE_PATTERNS.profile`). */
export const pagePath = {
  /** A book's page: its introduction and chapter list. */
  book: (bookUuid: string) => `/book/chapters/${encodeURIComponent(bookUuid)}`,
  /** The reading page of one chapter. */
  reading: (bookUuid: string, chapterUuid: string, chapterNumber: number) =>
    `/reader/book/chapter/${encodeURIComponent(bookUuid)}/${encodeURIComponent(chapterUuid)}/${chapterNumber}`,
  sandboxCheckout: (orderId: string) => `/sandbox/checkout/${encodeURIComponent(orderId)}`,
} as const;

/**
 * The cookie in which the web app tells the server the language a reader chose, so the next page
 * arrives rendered in it (the server reads only its name; the browser writes it with these attributes).
 */
export const LANGUAGE_COOKIE = {
  name: 'inkstream-language',
  attributes: 'Path=/; Max-Age=31536000; SameSite=Lax',
} as const;

/**
 * The cookie in which the web app tells the server the reader switched the data saver on (value
 * `on`), so chapters arrive rendered with their lighter pages; written like LANGUAGE_COOKIE.
 */
export const DATA_SAVER_COOKIE = {
  name: 'inkstream-data-saver',
  attributes: 'Path=/; Max-Age=31536000; SameSite=Lax',
} as const;

/** The request header that carries a visitor's id (progress and likes without an account). */
export const VISITOR_HEADER = 'X-VISITOR-ID';

/** A chapter's reading page from anything that names the chapter: a list item, a resume point, a history row. */
export const readerPath = (bookUuid: string, chapter: { chapter_uuid: string; chapter_number: number }): string =>
  pagePath.reading(bookUuid, chapter.chapter_uuid, chapter.chapter_number);
