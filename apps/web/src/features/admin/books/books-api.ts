import type {
  AdminBookCreateBody,
  AdminBookDetail,
  AdminBookItem,
  AdminBookListQuery,
  AdminBookReadingBody,
  AdminBookUpdateBody,
  AdminChapterItem,
} from '@inkstream/contracts';
import { client, data, onceClient } from '../../../lib/api-fetch';
import { consoleLanguage, type Page } from '../shell/admin-api';

export type BookListQuery = AdminBookListQuery;

const book = (bookUuid: string) => ({ path: { bookUuid } });
const chapter = (chapterUuid: string) => ({ params: { path: { chapterUuid } } });
const titlesIn = () => ({ language: consoleLanguage() });

export const booksApi = {
  list: (query: BookListQuery): Promise<Page<AdminBookItem>> =>
    data(client.GET('/api/v1/admin/books', { params: { query: { ...query, ...titlesIn() } } })),
  get: (uuid: string): Promise<AdminBookDetail> =>
    data(client.GET('/api/v1/admin/books/{bookUuid}', { params: { ...book(uuid), query: titlesIn() } })),
  create: (body: AdminBookCreateBody): Promise<AdminBookDetail> => data(client.POST('/api/v1/admin/books', { body })),
  update: (uuid: string, body: AdminBookUpdateBody): Promise<AdminBookDetail> =>
    data(client.PUT('/api/v1/admin/books/{bookUuid}', { params: book(uuid), body })),
  setPublished: (uuid: string, published: boolean): Promise<AdminBookDetail> =>
    data(
      published
        ? client.POST('/api/v1/admin/books/{bookUuid}/publish', { params: book(uuid) })
        : client.POST('/api/v1/admin/books/{bookUuid}/unpublish', { params: book(uuid) }),
    ),
  /** Ext (issue 45): the book's reading direction and default mode; only the fields given change. */
  setReading: (uuid: string, body: AdminBookReadingBody): Promise<AdminBookDetail> =>
    data(client.PATCH('/api/v1/admin/books/{bookUuid}/reading', { params: book(uuid), body })),
  /** The image file itself is the body (image/jpeg, png, webp or avif). */
  uploadCover: (uuid: string, file: File): Promise<AdminBookDetail> =>
    data(onceClient.PUT('/api/v1/admin/books/{bookUuid}/cover', { params: book(uuid), file })),
  recommendations: (): Promise<{ items: AdminBookItem[] }> =>
    data(client.GET('/api/v1/admin/recommendations', { params: { query: titlesIn() } })),
  setRecommendations: (bookUuids: string[]): Promise<{ items: AdminBookItem[] }> =>
    data(client.PUT('/api/v1/admin/recommendations', { params: { query: titlesIn() }, body: { book_uuids: bookUuids } })),
  chapters: (uuid: string, page: number, pageSize: number): Promise<Page<AdminChapterItem>> =>
    data(client.GET('/api/v1/admin/books/{bookUuid}/chapters', { params: { ...book(uuid), query: { page, page_size: pageSize } } })),
  reorderChapters: (uuid: string, chapterUuids: string[]) =>
    data(client.POST('/api/v1/admin/books/{bookUuid}/chapters/order', { params: book(uuid), body: { chapter_uuids: chapterUuids } })),
  setChapterTitles: (chapterUuid: string, titles: Record<string, string>): Promise<AdminChapterItem> =>
    data(client.PUT('/api/v1/admin/chapters/{chapterUuid}', { ...chapter(chapterUuid), body: { titles } })),
  setChapterPublished: (chapterUuid: string, published: boolean): Promise<AdminChapterItem> =>
    data(
      published
        ? client.POST('/api/v1/admin/chapters/{chapterUuid}/publish', chapter(chapterUuid))
        : client.POST('/api/v1/admin/chapters/{chapterUuid}/unpublish', chapter(chapterUuid)),
    ),
  scheduleChapter: (chapterUuid: string, publishAt: string | null): Promise<AdminChapterItem> =>
    data(client.PUT('/api/v1/admin/chapters/{chapterUuid}/schedule', { ...chapter(chapterUuid), body: { publish_at: publishAt } })),
};

/** Moves one item of a list up (-1) or down (+1); the list is returned unchanged at the ends. */
export function move<T>(items: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (target < 0 || target >= items.length) return [...items];
  const copy = [...items];
  [copy[index], copy[target]] = [copy[target]!, copy[index]!];
  return copy;
}
