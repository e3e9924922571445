import type { AdminBookCreateBody, AdminBookDetail, AdminBookItem, AdminBookUpdateBody, AdminChapterItem } from '@inkstream/contracts';
import { ApiError, authHeaders } from '../../../lib/api-client';
import { adminRequest, consoleLanguage, type Page } from '../shell/admin-api';

export interface BookListQuery {
  page: number;
  page_size: number;
  q?: string | undefined;
  published?: 'all' | 'published' | 'unpublished' | undefined;
  book_type?: 'comic' | 'novel' | undefined;
}

/** Raw image upload: the body is the file itself, so it does not go through the JSON client. */
async function uploadCover(bookUuid: string, file: File): Promise<AdminBookDetail> {
  const response = await fetch(`/api/v1/admin/books/${encodeURIComponent(bookUuid)}/cover`, {
    method: 'PUT',
    headers: { ...authHeaders(), 'Content-Type': file.type || 'application/octet-stream' },
    body: file,
  });
  const body = (await response.json().catch(() => null)) as { data?: AdminBookDetail; error?: string; code?: string } | null;
  if (!response.ok || !body?.data) {
    throw new ApiError(response.status, body?.code ?? 'NETWORK_ERROR', body?.error ?? `Request failed (${response.status})`);
  }
  return body.data;
}

export const booksApi = {
  list: (query: BookListQuery) => adminRequest<Page<AdminBookItem>>('GET', '/books', { query: { ...query, language: consoleLanguage() } }),
  get: (uuid: string) => adminRequest<AdminBookDetail>('GET', `/books/${uuid}`, { query: { language: consoleLanguage() } }),
  create: (body: AdminBookCreateBody) => adminRequest<AdminBookDetail>('POST', '/books', { body }),
  update: (uuid: string, body: AdminBookUpdateBody) => adminRequest<AdminBookDetail>('PUT', `/books/${uuid}`, { body }),
  setPublished: (uuid: string, published: boolean) =>
    adminRequest<AdminBookDetail>('POST', `/books/${uuid}/${published ? 'publish' : 'unpublish'}`),
  uploadCover,
  recommendations: () => adminRequest<{ items: AdminBookItem[] }>('GET', '/recommendations', { query: { language: consoleLanguage() } }),
  setRecommendations: (bookUuids: string[]) =>
    adminRequest<{ items: AdminBookItem[] }>('PUT', '/recommendations', {
      body: { book_uuids: bookUuids },
      query: { language: consoleLanguage() },
    }),
  chapters: (uuid: string, page: number, pageSize: number) =>
    adminRequest<Page<AdminChapterItem>>('GET', `/books/${uuid}/chapters`, { query: { page, page_size: pageSize } }),
  reorderChapters: (uuid: string, chapterUuids: string[]) =>
    adminRequest<{ renumbered: number }>('POST', `/books/${uuid}/chapters/order`, { body: { chapter_uuids: chapterUuids } }),
  setChapterTitles: (chapterUuid: string, titles: Record<string, string>) =>
    adminRequest<AdminChapterItem>('PUT', `/chapters/${chapterUuid}`, { body: { titles } }),
  setChapterPublished: (chapterUuid: string, published: boolean) =>
    adminRequest<AdminChapterItem>('POST', `/chapters/${chapterUuid}/${published ? 'publish' : 'unpublish'}`),
  scheduleChapter: (chapterUuid: string, publishAt: string | null) =>
    adminRequest<AdminChapterItem>('PUT', `/chapters/${chapterUuid}/schedule`, { body: { publish_at: publishAt } }),
};

/** Moves one item of a list up (-1) or down (+1); the list is returned unchanged at the ends. */
export function move<T>(items: readonly T[], index: number, step: -1 | 1): T[] {
  const target = index + step;
  if (target < 0 || target >= items.length) return [...items];
  const copy = [...items];
  [copy[index], copy[target]] = [copy[target]!, copy[index]!];
  return copy;
}
