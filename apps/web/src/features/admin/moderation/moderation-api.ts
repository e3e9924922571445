import type {
  CommentBan,
  HeldComment,
  ModerationComment,
  ModerationReview,
  PutBanBody,
  ReportedComment,
  WordFilter,
} from '@inkstream/contracts';
import { client, data, type ApiQuery } from '../../../lib/api-fetch';
import { consoleLanguage, type Page } from '../shell/admin-api';

export type ReportsQuery = ApiQuery<'/api/v1/admin/comments/reports'>;
export type AdminReviewsQuery = ApiQuery<'/api/v1/admin/comments/reviews'>;
export type CommentAction = 'hide' | 'show' | 'delete' | 'dismiss';

export interface ActionResult {
  comment: ModerationComment;
  changed: boolean;
  resolved_reports: number;
}

/** The moderators' calls (`/api/v1/admin/comments/…`, docs/COMMUNITY.md "Moderation"). */
export const moderationApi = {
  reports: (query: ReportsQuery): Promise<Page<ReportedComment>> =>
    data(client.GET('/api/v1/admin/comments/reports', { params: { query: { ...query, language: consoleLanguage() } } })),
  held: (page: number, pageSize: number): Promise<Page<HeldComment>> =>
    data(client.GET('/api/v1/admin/comments/held', { params: { query: { page, page_size: pageSize, language: consoleLanguage() } } })),
  act: (uuid: string, action: CommentAction): Promise<ActionResult> => {
    const path = { params: { path: { comment_uuid: uuid } } };
    switch (action) {
      case 'hide':
        return data(client.POST('/api/v1/admin/comments/{comment_uuid}/hide', path));
      case 'show':
        return data(client.POST('/api/v1/admin/comments/{comment_uuid}/show', path));
      case 'delete':
        return data(client.POST('/api/v1/admin/comments/{comment_uuid}/delete', path));
      case 'dismiss':
        return data(client.POST('/api/v1/admin/comments/{comment_uuid}/dismiss', path));
    }
  },
  bans: (page: number, pageSize: number): Promise<Page<CommentBan>> =>
    data(client.GET('/api/v1/admin/comments/bans', { params: { query: { page, page_size: pageSize } } })),
  ban: (userUuid: string, body: PutBanBody): Promise<{ ban: CommentBan; hidden_comments: number }> =>
    data(client.PUT('/api/v1/admin/comments/bans/{user_uuid}', { params: { path: { user_uuid: userUuid } }, body })),
  liftBan: (userUuid: string): Promise<{ lifted: boolean }> =>
    data(client.DELETE('/api/v1/admin/comments/bans/{user_uuid}', { params: { path: { user_uuid: userUuid } } })),
  reader: (userUuid: string): Promise<{ ban: CommentBan | null; comments: ModerationComment[] }> =>
    data(
      client.GET('/api/v1/admin/comments/readers/{user_uuid}', {
        params: { path: { user_uuid: userUuid }, query: { language: consoleLanguage() } },
      }),
    ),
  wordFilters: (): Promise<Page<WordFilter>> => data(client.GET('/api/v1/admin/comments/word-filters')),
  addWordFilter: (pattern: string, action: 'mask' | 'hold'): Promise<WordFilter> =>
    data(client.POST('/api/v1/admin/comments/word-filters', { body: { pattern, action } })),
  removeWordFilter: (id: number): Promise<{ deleted: true }> =>
    data(client.DELETE('/api/v1/admin/comments/word-filters/{id}', { params: { path: { id } } })),
  preview: (text: string): Promise<{ text: string; held: boolean; matched: string[] }> =>
    data(client.POST('/api/v1/admin/comments/word-filters/preview', { body: { text } })),
  bookComments: (bookUuid: string): Promise<{ book_uuid: string; closed: boolean }> =>
    data(client.GET('/api/v1/admin/comments/books/{book_uuid}', { params: { path: { book_uuid: bookUuid } } })),
  setBookComments: (bookUuid: string, closed: boolean): Promise<{ book_uuid: string; closed: boolean }> =>
    data(client.PUT('/api/v1/admin/comments/books/{book_uuid}', { params: { path: { book_uuid: bookUuid } }, body: { closed } })),
  reviews: (query: AdminReviewsQuery): Promise<Page<ModerationReview>> =>
    data(client.GET('/api/v1/admin/comments/reviews', { params: { query: { ...query, language: consoleLanguage() } } })),
  setReview: (bookUuid: string, userUuid: string, state: 'visible' | 'hidden'): Promise<{ review_state: string; changed: boolean }> =>
    data(
      client.PUT('/api/v1/admin/comments/reviews/{book_uuid}/{user_uuid}', {
        params: { path: { book_uuid: bookUuid, user_uuid: userUuid } },
        body: { state },
      }),
    ),
};
