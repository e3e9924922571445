import type {
  LibrarySummary,
  BookSearchResult,
  LoginResult,
  Membership,
  PublicConfig,
  RecommendedBook,
  RegisterResult,
} from '@inkstream/contracts';
import { currentLanguage } from './language';
import { readStorage, removeStorage, STORAGE_KEYS } from './storage-keys';
import { ensureVisitorId } from './visitor-id';

/** An API failure: HTTP status, stable code and the server's readable message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Per-field validation messages (VALIDATION_FAILED), shown next to the fields. */
    readonly details: { field: string; message: string }[] = [],
    /** The whole error body, for documented ext fields beside `error` and `code` (a locked chapter's place). */
    readonly body: Readonly<Record<string, unknown>> | null = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export const SESSION_EXPIRED_EVENT = 'inkstream:session-expired';

export function authHeaders(): Record<string, string> {
  const token = readStorage(STORAGE_KEYS.token);
  if (token) return { Authorization: `Token ${token}` };
  const visitor = readStorage(STORAGE_KEYS.visitorId);
  return visitor ? { 'X-VISITOR-ID': visitor } : {};
}

/** Forgets a session the server no longer accepts; the app goes on as a visitor. */
function forgetSession(): void {
  removeStorage(STORAGE_KEYS.token);
  removeStorage(STORAGE_KEYS.userUuid);
  removeStorage(STORAGE_KEYS.username);
  ensureVisitorId();
  window.dispatchEvent(new Event(SESSION_EXPIRED_EVENT));
}

export type Query = Record<string, string | number | undefined>;

/**
 * Where calls go when there is no browser: the server, rendering a public page, answers them
 * itself as a visitor (entry-server.tsx). In the browser, the page's own origin and fetch.
 */
export interface ServerTransport {
  origin: string;
  fetch(url: URL, init: RequestInit): Promise<Response>;
}
let serverTransport: ServerTransport | undefined;
export function setServerTransport(transport: ServerTransport): void {
  serverTransport = transport;
}

export async function request<T>(
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  options: { query?: Query; body?: unknown; auth?: boolean } = {},
): Promise<T> {
  const url = new URL(`/api/v1${path}`, serverTransport?.origin ?? window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {}))
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  const send = () =>
    (serverTransport?.fetch ?? fetch)(url, {
      method,
      headers: {
        ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
        // The reader's language for what the server writes them (e-mails); not sent while the server renders a page.
        ...(serverTransport ? {} : { 'Accept-Language': currentLanguage() }),
        ...(options.auth === false ? {} : authHeaders()),
      },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  let response = await send();
  if (response.status === 401 && options.auth !== false && readStorage(STORAGE_KEYS.token)) {
    const body = (await response
      .clone()
      .json()
      .catch(() => null)) as { code?: string } | null;
    if (body?.code === 'INVALID_TOKEN') {
      forgetSession();
      response = await send();
    }
  }
  const body = (await response.json().catch(() => null)) as {
    data?: T;
    error?: string;
    code?: string;
    details?: { field: string; message: string }[];
  } | null;
  if (!response.ok || !body || body.data === undefined) {
    throw new ApiError(
      response.status,
      body?.code ?? 'NETWORK_ERROR',
      body?.error ?? `Request failed (${response.status})`,
      body?.details,
      body && typeof body === 'object' ? body : null,
    );
  }
  return body.data;
}

export interface SearchParams {
  language: string;
  page: number;
  page_size: number;
  order_by: 'updated_at' | 'popularity';
  tag?: string | undefined;
  q?: string | undefined;
  book_type?: 'comic' | 'novel' | undefined;
}

/** The calls every screen may need (the landing page among them); the reading and account screens have theirs in api-reading.ts and api-account.ts, loaded with them. */
export const api = {
  // totp_code (ext): the second step of an account with two-step sign-in, after 401 TOTP_REQUIRED.
  login: (username: string, password: string, totpCode?: string) =>
    request<LoginResult>('POST', '/user/login', {
      body: totpCode === undefined ? { username, password } : { username, password, totp_code: totpCode },
      auth: false,
    }),
  register: (payload: { username: string; password: string; invite_code?: string | null; user_type: string; email?: string }) =>
    request<RegisterResult>('POST', '/user/register', { body: payload, auth: false }),
  searchBooks: (params: SearchParams) => request<BookSearchResult>('GET', '/comics/book/search', { query: { ...params } }),
  tags: () => request<{ result: string[] }>('GET', '/reader/book/tags').then((d) => d.result),
  recommendations: (language: string) =>
    request<{ result: RecommendedBook[] }>('GET', '/comics/book/recommendation/list', { query: { language } }).then((d) => d.result),
  membership: () => request<{ result: Membership | null }>('GET', '/user/book/membership').then((d) => d.result),
  publicConfig: () => request<{ result: PublicConfig }>('GET', '/config/public').then((d) => d.result),
  mergeProgress: (visitor_id: string) =>
    request<{ result: { merged_books: number; merged_chapters: number } }>('POST', '/reader/progress/merge', { body: { visitor_id } }).then(
      (d) => d.result,
    ),
  librarySummary: () => request<{ result: LibrarySummary }>('GET', '/user/library/summary').then((d) => d.result),
};
