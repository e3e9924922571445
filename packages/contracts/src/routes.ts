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
  // Discovery (issue 46): the week's release calendar, the rankings and a credited person's books; server-rendered.
  schedule: '/schedule',
  rankings: '/rankings',
  author: '/author/:slug',
  // Issue 61: a reader's list, shared by its link (unlisted) or public.
  list: '/lists/:uuid',
  reading: '/reader/book/chapter/:bookid/:chapter_uuid/:chapter_number',
  login: '/login',
  register: '/register',
  forgotPassword: '/forgot-password',
  resetPassword: '/reset-password',
  confirmEmail: '/confirm-email',
  profile: '/profile',
  library: '/library',
  offline: '/offline',
  contact: '/contact-us',
  // The privacy policy and the terms of use (issue 43): server-rendered, in the reader's language.
  privacy: '/privacy',
  terms: '/terms',
  // One-click unsubscribe from an e-mail (apps/server modules/mail/): the token is in the query.
  unsubscribe: '/unsubscribe',
  sandboxCheckout: '/sandbox/checkout/:orderId',
  // Issue 59: a gift's redemption link (sign in, then confirm); the code rides in the fragment, which
  // no request carries (server logs, Referer), so only the browser that opens the link sees it.
  gift: '/gift',
  // Issue 60: where a sign-in with an outside provider (OpenID Connect) finishes; the one-time
  // result (or the refusal's code) rides in the fragment, which no request carries.
  signInFinish: '/sign-in/finish',
  // Issue 60: the sandbox's stand-in for WeChat's QR login page (development only, SIGN_IN_SANDBOX).
  sandboxWechatLogin: '/sandbox/wechat-login',
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
  // A person's slug (person-slug.ts): letters and digits of any script joined by '-', percent-encoded in a path.
  slug: '[\\w%.~-]{1,1100}',
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

/** The profile's sections a link may open at: their element ids on the profile page. */
export const PROFILE_SECTIONS = {
  topUp: 'top-up',
  // Issue 59: the renewing membership (renews on, cancel, resume, the card); Stripe's portal returns here.
  renewal: 'renewal',
  coins: 'coins',
  twoStep: 'two-step',
  readInAnApp: 'read-in-an-app',
  // "Your data" (issue 43): the archive's download and the account's deletion; the export mail links here.
  yourData: 'your-data',
  // Issue 61: the age confirmation (adult books, where the site shows them to confirmed readers).
  age: 'age',
} as const;
export type ProfileSection = (typeof PROFILE_SECTIONS)[keyof typeof PROFILE_SECTIONS];

/** The library's tabs other than the first (following), named in its `?tab=`. */
export type LibraryTab = 'history' | 'alerts' | 'statuses' | 'lists';

/**
 * Links to the pages that take parameters, a query or a section (the others are their pattern:
 * `PAGE_PATTERNS.profile`). Every value is encoded; the tokens and ids the server issues are
 * base64url, hex or UUIDs, which encoding leaves as they are.
 */
export const pagePath = {
  /** A book's page: its introduction and chapter list. */
  book: (bookUuid: string) => `/book/chapters/${encodeURIComponent(bookUuid)}`,
  /** The reading page of one chapter. */
  reading: (bookUuid: string, chapterUuid: string, chapterNumber: number) =>
    `/reader/book/chapter/${encodeURIComponent(bookUuid)}/${encodeURIComponent(chapterUuid)}/${chapterNumber}`,
  /** A credited person's page (person-slug.ts makes the slug from the name). */
  author: (slug: string) => `/author/${encodeURIComponent(slug)}`,
  /** The results of a search for `q`, as typed (no filter). */
  search: (q: string) => `${PAGE_PATTERNS.search}?q=${encodeURIComponent(q)}`,
  /** The registration a friend's invitation opens, its code filled in. */
  register: (inviteCode: string) => `${PAGE_PATTERNS.register}?invite_code=${encodeURIComponent(inviteCode)}`,
  /** Issue 61: a reader's list. */
  list: (uuid: string) => `/lists/${encodeURIComponent(uuid)}`,
  /** The profile, at one of its sections. */
  profile: (section: ProfileSection) => `${PAGE_PATTERNS.profile}#${section}`,
  /** The chapters saved in this browser for reading offline (issue 47). */
  offline: () => '/offline',
  /** The library at a tab; without one, at the first (the books followed). */
  library: (tab?: LibraryTab) => (tab ? `${PAGE_PATTERNS.library}?tab=${tab}` : PAGE_PATTERNS.library),
  /** Issue 61: the library's statuses tab at one status (its books). */
  libraryStatus: (status: string) => `${PAGE_PATTERNS.library}?tab=statuses&status=${encodeURIComponent(status)}`,
  /** The links sent by e-mail: a new password, the address confirmed, a list left (apps/server modules/mail/). */
  resetPassword: (token: string) => `${PAGE_PATTERNS.resetPassword}?token=${encodeURIComponent(token)}`,
  confirmEmail: (token: string) => `${PAGE_PATTERNS.confirmEmail}?token=${encodeURIComponent(token)}`,
  unsubscribe: (token: string) => `${PAGE_PATTERNS.unsubscribe}?token=${encodeURIComponent(token)}`,
  /** The sandbox's checkout page of an order; with its `checkout_token` for a payer who is not logged in (the QR code). */
  sandboxCheckout: (orderId: string, checkoutToken?: string) =>
    `/sandbox/checkout/${encodeURIComponent(orderId)}${checkoutToken === undefined ? '' : `?checkout_token=${encodeURIComponent(checkoutToken)}`}`,
  /** Issue 59: where a gift code is redeemed. */
  gift: (code: string) => `/gift#${encodeURIComponent(code)}`,
  /** Issue 60: the end of a provider sign-in: `result=…` to trade, or `error=CODE`. */
  signInFinish: (outcome: { result: string } | { error: string }) =>
    `/sign-in/finish#${'result' in outcome ? `result=${encodeURIComponent(outcome.result)}` : `error=${encodeURIComponent(outcome.error)}`}`,
  /** Issue 60: the sandbox's WeChat QR login page of a flow (its state). */
  sandboxWechatLogin: (state: string) => `/sandbox/wechat-login?state=${encodeURIComponent(state)}`,
} as const;

/**
 * The operator console's screens, under `PAGE_PATTERNS.admin` (the console's own router, in the web
 * app's features/admin/, matches the rest of the path; the server knows only the splat).
 */
export const adminPath = {
  dashboard: '/admin',
  books: '/admin/books',
  book: (bookUuid: string) => `/admin/books/${encodeURIComponent(bookUuid)}`,
  // Issue 46: the release calendar of a week, as readers see it.
  calendar: '/admin/calendar',
  readers: '/admin/readers',
  reader: (userUuid: string) => `/admin/readers/${encodeURIComponent(userUuid)}`,
  orders: '/admin/orders',
  order: (orderId: string) => `/admin/orders/${encodeURIComponent(orderId)}`,
  incidents: '/admin/orders/incidents',
  outbox: '/admin/outbox',
  outboxMessage: (messageUuid: string) => `/admin/outbox/${encodeURIComponent(messageUuid)}`,
  coupons: '/admin/coupons',
  coinPacks: '/admin/coin-packs',
  moderation: '/admin/moderation',
  heldComments: '/admin/moderation/held',
  bans: '/admin/moderation/bans',
  wordFilters: '/admin/moderation/filters',
  reviews: '/admin/moderation/reviews',
  settings: '/admin/settings',
  legal: '/admin/legal',
  audit: '/admin/audit',
  // Account deletions (issue 43): pending ones (cancellable) and erased ones.
  deletions: '/admin/deletions',
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

/**
 * The install manifest in one of the site's languages (issue 56): every page's head links the one of
 * its language (the server writes it; the app changes it when the reader switches language), and the
 * service worker precaches all of them. Not a page of the app: the server answers it as JSON.
 */
export const webManifestPath = (language: string): string => `/manifest.${language}.webmanifest`;
