import type { Comment, CommentsQuery, CommunityStanding, EditCommentBody, PostCommentBody } from '@inkstream/contracts';
import type { CommentReportReason, CommentSort } from '@inkstream/contracts/constants';
import { client, data, result } from '../../lib/api-fetch';

// The contracts build `sort` and `reason` from their constant lists with a helper whose static
// type is lost (CommentsQuery['sort'] reads `undefined`, ReportCommentBody['reason'] `never`):
// the same shapes, typed from the lists themselves.
export type ListQuery = Omit<CommentsQuery, 'sort'> & { sort?: CommentSort };
export interface ReportBody {
  reason: CommentReportReason;
  detail?: string;
}

export interface CommentPage {
  result: Comment[];
  total: number;
}

type Answer<T> = Promise<{ data?: { data: T }; error?: unknown; response: Response }>;
type Call = (
  path: string,
  init?: { params?: { path?: Record<string, string>; query?: Record<string, unknown> }; body?: unknown },
) => Answer<never>;

// The comment routes are written on the server's branch beside this one; until they are in the
// generated schema (npm run api:types) the calls are typed by the contracts' types here instead.
const untyped = client as unknown as Record<'GET' | 'POST' | 'PATCH' | 'DELETE', Call>;
const chapterPath = '/api/v1/comics/chapter/{chapter_uuid}/comments';
const commentPath = '/api/v1/comics/comment/{comment_uuid}';
const chapter = (chapter_uuid: string) => ({ path: { chapter_uuid } });
const comment = (comment_uuid: string) => ({ path: { comment_uuid } });

/** The community calls of the reader (ext, docs/API.md and docs/COMMUNITY.md). */
export const commentsApi = {
  list: (chapterUuid: string, query: ListQuery): Promise<CommentPage> =>
    data(untyped.GET(chapterPath, { params: { ...chapter(chapterUuid), query } }) as Answer<CommentPage>),
  post: (chapterUuid: string, body: PostCommentBody): Promise<Comment> =>
    result(untyped.POST(chapterPath, { params: chapter(chapterUuid), body }) as Answer<{ result: Comment }>),
  edit: (commentUuid: string, body: EditCommentBody): Promise<Comment> =>
    result(untyped.PATCH(commentPath, { params: comment(commentUuid), body }) as Answer<{ result: Comment }>),
  remove: (commentUuid: string): Promise<unknown> =>
    result(untyped.DELETE(commentPath, { params: comment(commentUuid) }) as Answer<{ result: unknown }>),
  like: (commentUuid: string): Promise<{ likes: number; already_liked: boolean }> =>
    result(
      untyped.POST(`${commentPath}/like`, { params: comment(commentUuid) }) as Answer<{
        result: { likes: number; already_liked: boolean };
      }>,
    ),
  unlike: (commentUuid: string): Promise<{ likes: number; already_liked: boolean }> =>
    result(
      untyped.DELETE(`${commentPath}/like`, { params: comment(commentUuid) }) as Answer<{
        result: { likes: number; already_liked: boolean };
      }>,
    ),
  report: (commentUuid: string, body: ReportBody): Promise<unknown> =>
    result(untyped.POST(`${commentPath}/report`, { params: comment(commentUuid), body }) as Answer<{ result: unknown }>),
  standing: (): Promise<CommunityStanding> => result(untyped.GET('/api/v1/user/community') as Answer<{ result: CommunityStanding }>),
};
