import type {
  BookChapters,
  BookProgress,
  ContinueReadingItem,
  HistoryItem,
  LibraryItem,
  LibrarySummary,
  ProgressEntry,
  PushSubscriptionBody,
  BookSearchResult,
  ChapterContent,
  CreatedOrder,
  InviteCodeResult,
  LoginResult,
  Membership,
  Me,
  PaymentStatus,
  PaymentStatusValue,
  PublicConfig,
  ReadingEvent,
  RecommendedBook,
  RegisterResult,
} from '@inkstream/contracts';
import { readStorage, removeStorage, STORAGE_KEYS } from './storage-keys';
import { ensureVisitorId } from './visitor-id';

/** An API failure: HTTP status, stable code and the server's readable message. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
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

type Query = Record<string, string | number | undefined>;

async function request<T>(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  options: { query?: Query; body?: unknown; auth?: boolean } = {},
): Promise<T> {
  const url = new URL(`/api/v1${path}`, window.location.origin);
  for (const [key, value] of Object.entries(options.query ?? {}))
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  const send = () =>
    fetch(url, {
      method,
      headers: {
        ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
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
  const body = (await response.json().catch(() => null)) as { data?: T; error?: string; code?: string } | null;
  if (!response.ok || !body || body.data === undefined) {
    throw new ApiError(response.status, body?.code ?? 'NETWORK_ERROR', body?.error ?? `Request failed (${response.status})`);
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
}

/**
 * The sandbox checkout's order (contract call 20). packages/contracts has its schema but exports no type for
 * it, and the web app does not depend on typebox to derive one; when contracts exports `SandboxOrder`, import it.
 */
export interface SandboxOrder {
  order_id: string;
  plan: 'month' | 'season';
  months: number;
  amount_fen: number;
  status: PaymentStatusValue;
}

/** One client for the whole app: every call of the API contract, typed from packages/contracts. */
const checkoutQuery = (token: string | null) => (token ? `?checkout_token=${encodeURIComponent(token)}` : '');

export const api = {
  login: (username: string, password: string) => request<LoginResult>('POST', '/user/login', { body: { username, password }, auth: false }),
  register: (payload: { username: string; password: string; invite_code?: string | null; user_type: string }) =>
    request<RegisterResult>('POST', '/user/register', { body: payload, auth: false }),
  searchBooks: (params: SearchParams) => request<BookSearchResult>('GET', '/comics/book/search', { query: { ...params } }),
  tags: () => request<{ result: string[] }>('GET', '/reader/book/tags').then((d) => d.result),
  recommendations: (language: string) =>
    request<{ result: RecommendedBook[] }>('GET', '/comics/book/recommendation/list', { query: { language } }).then((d) => d.result),
  chapters: (bookId: string, language: string, direction: 'asc' | 'desc', page: number, pageSize: number) =>
    request<{ result: BookChapters }>(
      'GET',
      `/comics/chapters/${encodeURIComponent(bookId)}/${language}/${direction}/${page}/${pageSize}`,
    ).then((d) => d.result),
  chapterContent: (chapterUuid: string, language: string) =>
    request<{ result: ChapterContent }>('GET', `/comics/chapter_comics/${encodeURIComponent(chapterUuid)}/${language}`).then(
      (d) => d.result,
    ),
  membership: () => request<{ result: Membership | null }>('GET', '/user/book/membership').then((d) => d.result),
  favor: (book_uuid: string, chapter_uuid: string) =>
    request<{ result: { already_favor: true; total_likes: number } }>('POST', '/comics/chapter/favor', {
      body: { book_uuid, chapter_uuid },
    }).then((d) => d.result),
  inviteCode: () => request<{ result: InviteCodeResult }>('GET', '/user/invite_code').then((d) => d.result),
  updatePassword: (new_password: string) =>
    request<{ result: { updated: true; jwt_token: string } }>('POST', '/user/update_password', { body: { new_password } }).then(
      (d) => d.result,
    ),
  me: () => request<{ result: Me }>('GET', '/user/me').then((d) => d.result),
  redeemCoupon: (code: string) => request<{ result: Membership }>('POST', '/user/coupon/redeem', { body: { code } }).then((d) => d.result),
  publicConfig: () => request<{ result: PublicConfig }>('GET', '/config/public').then((d) => d.result),
  createWechatOrder: (months: 1 | 3, channel?: 'card') =>
    request<CreatedOrder>('POST', '/payment/wechat/payment/china_book_membership/create', {
      body: channel ? { months, channel } : { months },
    }),
  paymentStatus: (orderId: string) =>
    request<{ result: PaymentStatus }>('GET', `/payment/wechat/payment/status/${encodeURIComponent(orderId)}`).then((d) => d.result),
  // The order's owner is recognised by their token; a phone that scanned the QR code by the link's checkout token.
  sandboxOrder: (orderId: string, checkoutToken: string | null) =>
    request<{ result: SandboxOrder }>('GET', `/payment/sandbox/orders/${encodeURIComponent(orderId)}${checkoutQuery(checkoutToken)}`).then(
      (d) => d.result,
    ),
  sandboxPay: (orderId: string, outcome: 'succeeded' | 'failed', checkoutToken: string | null) =>
    request<{ result: PaymentStatus }>(
      'POST',
      `/payment/sandbox/orders/${encodeURIComponent(orderId)}/pay${checkoutQuery(checkoutToken)}`,
      {
        body: { outcome },
      },
    ).then((d) => d.result),
  continueReading: (language: string, limit = 12) =>
    request<{ result: ContinueReadingItem[] }>('GET', '/reader/progress', { query: { language, limit } }).then((d) => d.result),
  bookProgress: (bookUuid: string, language: string) =>
    request<{ result: BookProgress }>('GET', `/reader/progress/${encodeURIComponent(bookUuid)}`, { query: { language } }).then(
      (d) => d.result,
    ),
  mergeProgress: (visitor_id: string) =>
    request<{ result: { merged_books: number; merged_chapters: number } }>('POST', '/reader/progress/merge', { body: { visitor_id } }).then(
      (d) => d.result,
    ),
  history: (language: string, page: number, page_size: number) =>
    request<{ result: HistoryItem[]; total: number }>('GET', '/reader/history', { query: { language, page, page_size } }),
  clearHistory: () => request<{ result: { cleared: number } }>('DELETE', '/reader/history').then((d) => d.result),
  follow: (bookUuid: string) =>
    request<{ result: { following: boolean } }>('PUT', `/user/follows/${encodeURIComponent(bookUuid)}`).then((d) => d.result),
  unfollow: (bookUuid: string) =>
    request<{ result: { following: boolean } }>('DELETE', `/user/follows/${encodeURIComponent(bookUuid)}`).then((d) => d.result),
  library: (language: string) => request<{ result: LibraryItem[] }>('GET', '/user/library', { query: { language } }).then((d) => d.result),
  librarySummary: () => request<{ result: LibrarySummary }>('GET', '/user/library/summary').then((d) => d.result),
  pushPublicKey: () => request<{ result: { public_key: string } }>('GET', '/push/public-key').then((d) => d.result.public_key),
  subscribePush: (subscription: PushSubscriptionBody) =>
    request<{ result: { subscribed: boolean } }>('POST', '/user/push/subscriptions', { body: subscription }).then((d) => d.result),
  unsubscribePush: (endpoint: string) =>
    request<{ result: { subscribed: boolean } }>('DELETE', '/user/push/subscriptions', { body: { endpoint } }).then((d) => d.result),
};

/**
 * Saves reading positions with `fetch(…, { keepalive: true })`, so the last position reaches the
 * server even when it is sent as the tab closes. Resolves true when the server took them (or
 * refused them for good: a 4xx will not change on retry), false when they should be sent again.
 */
export async function sendProgress(progress: ProgressEntry[]): Promise<boolean> {
  try {
    const response = await fetch('/api/v1/reader/progress', {
      method: 'POST',
      body: JSON.stringify({ progress }),
      keepalive: true,
      headers: { 'Content-Type': 'application/json', ...authHeaders() },
    });
    return response.status < 500 && response.status !== 429;
  } catch {
    return false;
  }
}

/**
 * Reading events go out with `fetch(…, { keepalive: true })`: like sendBeacon they survive the tab
 * closing, but unlike it they carry the same Token / X-VISITOR-ID headers as every other call, so the
 * server knows whose reading it is. Low priority, so they never compete with page images; a failure
 * is dropped (analytics must never disturb reading).
 */
export function sendEvents(events: ReadingEvent[]): void {
  if (events.length === 0) return;
  void fetch('/api/v1/events', {
    method: 'POST',
    body: JSON.stringify({ events }),
    keepalive: true,
    priority: 'low',
    headers: { 'Content-Type': 'application/json', ...authHeaders() },
  } as RequestInit).catch(() => undefined);
}
