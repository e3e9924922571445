import type { BookRatingSummary, BookReview } from '@inkstream/contracts';
import { client, data, result } from '../../lib/api-fetch';

const path = (book_uuid: string) => ({ path: { book_uuid } });

/** The rating and review calls (ext, docs/API.md), loaded with the book page. */
export const ratingsApi = {
  summary: (bookUuid: string): Promise<BookRatingSummary> =>
    result(client.GET('/api/v1/comics/book/{book_uuid}/rating', { params: path(bookUuid) })),
  rate: (bookUuid: string, score: number, review: string | null): Promise<BookRatingSummary> =>
    result(client.PUT('/api/v1/comics/book/{book_uuid}/rating', { params: path(bookUuid), body: { score, review } })),
  withdraw: (bookUuid: string): Promise<BookRatingSummary> =>
    result(client.DELETE('/api/v1/comics/book/{book_uuid}/rating', { params: path(bookUuid) })),
  reviews: (bookUuid: string, page: number, pageSize: number): Promise<{ result: BookReview[]; total: number }> =>
    data(client.GET('/api/v1/comics/book/{book_uuid}/reviews', { params: { ...path(bookUuid), query: { page, page_size: pageSize } } })),
};
