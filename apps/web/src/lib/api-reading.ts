import type {
  BookChapters,
  BookReadingStatus,
  BookProgress,
  ChapterContent,
  ContinueReadingItem,
  HistoryItem,
  LibraryItem,
  ProgressEntry,
  PushSubscriptionBody,
  ReadingEvent,
  ImportStatusesBody,
  ImportStatusesReport,
  ReadingStatus,
  StatusCounts,
  StatusItem,
} from '@inkstream/contracts';
import { client, data, onceClient, result } from './api-fetch';
import { keepEvents } from './event-queue';
import { isOffline } from './online';

const book = (bookUuid: string) => ({ path: { bookUuid } });

/** The calls of the reading screens (chapter lists, the reader, the library), loaded with those screens. */
export const readingApi = {
  chapters: (bookId: string, language: string, direction: 'asc' | 'desc', page: number, pageSize: number): Promise<BookChapters> =>
    result(
      client.GET('/api/v1/comics/chapters/{bookId}/{language}/{direction}/{page}/{pageSize}', {
        params: { path: { bookId, language, direction, page, pageSize } },
      }),
    ),
  /** `lighter`: the data saver's lighter pages (`data_saver=1`). */
  chapterContent: (chapterUuid: string, language: string, lighter = false): Promise<ChapterContent> =>
    result(
      client.GET('/api/v1/comics/chapter_comics/{chapterUuid}/{language}', {
        params: { path: { chapterUuid, language }, ...(lighter ? { query: { data_saver: '1' as const } } : {}) },
      }),
    ),
  favor: (book_uuid: string, chapter_uuid: string) =>
    result(client.POST('/api/v1/comics/chapter/favor', { body: { book_uuid, chapter_uuid } })),
  // Ext (issue 40): takes the like back, with the like's own body.
  unfavor: (book_uuid: string, chapter_uuid: string) =>
    result(client.DELETE('/api/v1/comics/chapter/favor', { body: { book_uuid, chapter_uuid } })),
  continueReading: (language: string, limit = 12): Promise<ContinueReadingItem[]> =>
    result(client.GET('/api/v1/reader/progress', { params: { query: { language, limit } } })),
  bookProgress: (bookUuid: string, language: string): Promise<BookProgress> =>
    // The schema says number[][]; contracts knows each pair is [from, to].
    result(
      client.GET('/api/v1/reader/progress/{bookUuid}', { params: { ...book(bookUuid), query: { language } } }),
    ) as Promise<BookProgress>,
  history: (language: string, page: number, page_size: number): Promise<{ result: HistoryItem[]; total: number }> =>
    data(client.GET('/api/v1/reader/history', { params: { query: { language, page, page_size } } })),
  clearHistory: () => result(client.DELETE('/api/v1/reader/history')),
  follow: (bookUuid: string) => result(client.PUT('/api/v1/user/follows/{bookUuid}', { params: book(bookUuid) })),
  unfollow: (bookUuid: string) => result(client.DELETE('/api/v1/user/follows/{bookUuid}', { params: book(bookUuid) })),
  library: (language: string): Promise<LibraryItem[]> => result(client.GET('/api/v1/user/library', { params: { query: { language } } })),
  /** Issue 61: the reader's reading status of a book, set, cleared; the library's statuses tab. */
  status: (bookUuid: string): Promise<BookReadingStatus> =>
    result(client.GET('/api/v1/user/statuses/{bookUuid}', { params: book(bookUuid) })),
  setStatus: (bookUuid: string, status: ReadingStatus): Promise<BookReadingStatus> =>
    result(client.PUT('/api/v1/user/statuses/{bookUuid}', { params: book(bookUuid), body: { status } })),
  clearStatus: (bookUuid: string): Promise<BookReadingStatus> =>
    result(client.DELETE('/api/v1/user/statuses/{bookUuid}', { params: book(bookUuid) })),
  /** Issue 61: file books under the statuses of another site's export (dry_run: the report only). */
  importStatuses: (body: ImportStatusesBody): Promise<ImportStatusesReport> =>
    result(client.POST('/api/v1/user/statuses/import', { body })),
  statuses: (
    status: ReadingStatus,
    page: number,
    language: string,
  ): Promise<{ items: StatusItem[]; total: number; counts: StatusCounts }> =>
    result(client.GET('/api/v1/user/statuses', { params: { query: { status, sort: 'status_changed', page, page_size: 24, language } } })),
  pushPublicKey: () => result(client.GET('/api/v1/push/public-key')).then((r) => r.public_key),
  subscribePush: (subscription: PushSubscriptionBody) => result(client.POST('/api/v1/user/push/subscriptions', { body: subscription })),
  unsubscribePush: (endpoint: string) => result(client.DELETE('/api/v1/user/push/subscriptions', { body: { endpoint } })),
};

/**
 * Saves reading positions with keepalive, so the last position reaches the server even when it is
 * sent as the tab closes. Resolves true when the server took them (or refused them for good: a 4xx
 * will not change on retry), false when they should be sent again.
 */
export async function sendProgress(progress: ProgressEntry[]): Promise<boolean> {
  try {
    const { response } = await onceClient.POST('/api/v1/reader/progress', { body: { progress }, keepalive: true });
    return response.status < 500 && response.status !== 429;
  } catch {
    return false;
  }
}

/**
 * Reading events go out with keepalive: like sendBeacon they survive the tab closing, but unlike it
 * they carry the same Token / X-VISITOR-ID headers as every other call, so the server knows whose
 * reading it is. Low priority, so they never compete with page images; a failure never disturbs
 * reading. Issue 47: each event carries its client `at`; offline, or lost to a network error, they
 * are kept (event-queue.ts) and sent when the connection returns. The server drops an exact repeat of
 * a reader's event with the same `at`, so one sent again after a lost answer counts once.
 */
export function sendEvents(events: ReadingEvent[]): void {
  if (events.length === 0) return;
  const at = new Date().toISOString();
  const stamped = events.map((event) => ({ ...event, at: event.at ?? at }));
  if (isOffline()) return keepEvents(stamped);
  void postEvents(stamped).then((answered) => answered || keepEvents(stamped));
}

/** One batch of events; true once the server answered for good (taken, or refused in a way a retry will not change). */
export async function postEvents(events: ReadingEvent[]): Promise<boolean> {
  try {
    const { response } = await onceClient.POST('/api/v1/events', { body: { events }, keepalive: true, priority: 'low' });
    return response.status < 500 && response.status !== 429;
  } catch {
    return false;
  }
}
