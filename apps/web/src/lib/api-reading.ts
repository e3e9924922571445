import type {
  BookChapters,
  BookProgress,
  ChapterContent,
  ContinueReadingItem,
  HistoryItem,
  LibraryItem,
  ProgressEntry,
  PushSubscriptionBody,
  ReadingEvent,
} from '@inkstream/contracts';
import { authHeaders, request } from './api-client';

/** The calls of the reading screens (chapter lists, the reader, the library), loaded with those screens. */
export const readingApi = {
  chapters: (bookId: string, language: string, direction: 'asc' | 'desc', page: number, pageSize: number) =>
    request<{ result: BookChapters }>(
      'GET',
      `/comics/chapters/${encodeURIComponent(bookId)}/${language}/${direction}/${page}/${pageSize}`,
    ).then((d) => d.result),
  chapterContent: (chapterUuid: string, language: string) =>
    request<{ result: ChapterContent }>('GET', `/comics/chapter_comics/${encodeURIComponent(chapterUuid)}/${language}`).then(
      (d) => d.result,
    ),
  favor: (book_uuid: string, chapter_uuid: string) =>
    request<{ result: { already_favor: true; total_likes: number } }>('POST', '/comics/chapter/favor', {
      body: { book_uuid, chapter_uuid },
    }).then((d) => d.result),
  continueReading: (language: string, limit = 12) =>
    request<{ result: ContinueReadingItem[] }>('GET', '/reader/progress', { query: { language, limit } }).then((d) => d.result),
  bookProgress: (bookUuid: string, language: string) =>
    request<{ result: BookProgress }>('GET', `/reader/progress/${encodeURIComponent(bookUuid)}`, { query: { language } }).then(
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
