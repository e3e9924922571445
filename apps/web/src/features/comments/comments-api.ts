import type { Comment, CommunityStanding, EditCommentBody, PostCommentBody } from '@inkstream/contracts';
import type { CommentReportReason } from '@inkstream/contracts/constants';
import { client, data, result, type ApiQuery } from '../../lib/api-fetch';

const CHAPTER_COMMENTS = '/api/v1/comics/chapter/{chapter_uuid}/comments';

/** The list's query as the server's schema has it (sort, page, page_size, parent_uuid). */
export type ListQuery = ApiQuery<typeof CHAPTER_COMMENTS>;

// The contracts build the report reasons from their constant list with a helper whose static type
// is lost (ReportCommentBody['reason'] reads `never`): the same shape, typed from the list itself.
export interface ReportBody {
  reason: CommentReportReason;
  detail?: string;
}

export interface CommentPage {
  result: Comment[];
  /** The comments this list pages through (top-level ones, or one comment's replies). */
  total: number;
  /** On the top-level pages: the chapter's figure, replies included (the chapter list's comments_count). */
  comments_count?: number;
}

const chapter = (chapter_uuid: string) => ({ path: { chapter_uuid } });
const comment = (comment_uuid: string) => ({ path: { comment_uuid } });

/** The community calls of the reader (ext, docs/API.md and docs/COMMUNITY.md). */
export const commentsApi = {
  list: (chapterUuid: string, query: ListQuery): Promise<CommentPage> =>
    data(client.GET(CHAPTER_COMMENTS, { params: { ...chapter(chapterUuid), query } })),
  post: (chapterUuid: string, body: PostCommentBody): Promise<Comment> =>
    result(client.POST(CHAPTER_COMMENTS, { params: chapter(chapterUuid), body })),
  edit: (commentUuid: string, body: EditCommentBody): Promise<Comment> =>
    result(client.PATCH('/api/v1/comics/comment/{comment_uuid}', { params: comment(commentUuid), body })),
  remove: (commentUuid: string) => result(client.DELETE('/api/v1/comics/comment/{comment_uuid}', { params: comment(commentUuid) })),
  like: (commentUuid: string) => result(client.POST('/api/v1/comics/comment/{comment_uuid}/like', { params: comment(commentUuid) })),
  unlike: (commentUuid: string) => result(client.DELETE('/api/v1/comics/comment/{comment_uuid}/like', { params: comment(commentUuid) })),
  report: (commentUuid: string, body: ReportBody) =>
    result(client.POST('/api/v1/comics/comment/{comment_uuid}/report', { params: comment(commentUuid), body })),
  standing: (): Promise<CommunityStanding> => result(client.GET('/api/v1/user/community')),
};
