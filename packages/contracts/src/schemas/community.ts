import { Type, type Static } from 'typebox';
import {
  COMMENT_BODY_MAX,
  COMMENT_PAGE_SIZE_DEFAULT,
  COMMENT_PAGE_SIZE_MAX,
  COMMENT_REPORT_DETAIL_MAX,
  COMMENT_REPORT_REASONS,
  COMMENT_SORTS,
  RATING_MAX,
  RATING_MIN,
  REVIEW_BODY_MAX,
} from '../constants.js';
import { ClosedObject, Data, Nullable, Result, Timestamp, Uuid } from './common.js';

// The community (issue 31; ext calls beside the spec's, docs/COMMUNITY.md and docs/API.md).
// Comment and review text is plain text: line breaks are kept, every other control character,
// invisible and bidirectional-override character is refused by the service (400 VALIDATION_FAILED),
// and no HTML is ever interpreted: clients render it as text, links made safe by the client.

export const CommentUser = Type.Object({
  uuid: Uuid(),
  username: Type.String(),
  deleted_reader: Type.Optional(
    Type.Literal(true, {
      description:
        'Ext (issue 43): the author deleted their account and chose to keep their comments; username is then the account\'s pseudonym (deleted-…), which clients show as "Deleted reader"',
    }),
  ),
});

export const Comment = Type.Object({
  comment_uuid: Uuid(),
  parent_uuid: Nullable(Uuid('The comment this one replies to; null for a top-level comment')),
  user: CommentUser,
  body: Type.String({ description: 'Plain text with line breaks; empty for a deleted comment kept for its replies' }),
  spoiler: Type.Boolean({ description: 'Clients hide the text until the reader taps it' }),
  created_at: Timestamp(),
  edited_at: Nullable(Timestamp('Set once the author edits the comment: clients show "edited"')),
  likes: Type.Integer(),
  already_liked: Type.Boolean({ description: 'The caller liked it (false for visitors)' }),
  replies_count: Type.Integer({ description: 'Replies readers see' }),
  hidden: Type.Boolean({
    description: "True only on the caller's own comment that readers do not see (held by the word filter or hidden by a moderator)",
  }),
  deleted: Type.Optional(Type.Boolean({ description: 'Ext: deleted, shown as a tombstone because it has replies' })),
  mine: Type.Optional(Type.Boolean({ description: 'Ext: the caller wrote it (may edit and delete it)' })),
  hidden_by: Type.Optional(
    Type.Union([Type.Literal('word_filter'), Type.Literal('moderator')], {
      description:
        "Ext, only on the caller's own hidden comment: held by the word filter (waiting for a moderator) or hidden by a moderator",
    }),
  ),
  hidden_reason: Type.Optional(
    Nullable(
      Type.Enum(COMMENT_REPORT_REASONS, {
        description: "Ext, only on the caller's own comment a moderator hid: the reported reason the moderator upheld (null: none)",
      }),
    ),
  ),
});
export type Comment = Static<typeof Comment>;

export const ChapterCommentsParams = Type.Object({ chapter_uuid: Uuid() });
export const CommentParams = Type.Object({ comment_uuid: Uuid() });

export const CommentsQuery = Type.Object({
  sort: Type.Optional(
    Type.Enum(COMMENT_SORTS, { description: 'newest (default for comments), top (most liked), oldest (default for replies)' }),
  ),
  page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
  page_size: Type.Integer({ minimum: 1, maximum: COMMENT_PAGE_SIZE_MAX, default: COMMENT_PAGE_SIZE_DEFAULT }),
  parent_uuid: Type.Optional(Uuid('Ext: list the replies to this comment instead of the top-level comments')),
});
export type CommentsQuery = Static<typeof CommentsQuery>;
export const CommentsResponse = Data(
  Type.Object({
    result: Type.Array(Comment),
    total: Type.Integer({ description: 'Comments this list has for the caller (paging): top-level ones, or one comment’s replies' }),
    comments_count: Type.Optional(
      Type.Integer({
        description:
          'Ext, on a page of top-level comments: the comments readers can reach under the chapter, replies included (the comments_count of chapter lists)',
      }),
    ),
  }),
);

export const CommentBody = Type.String({ minLength: 1, maxLength: COMMENT_BODY_MAX });
export const PostCommentBody = ClosedObject({
  body: CommentBody,
  spoiler: Type.Optional(Type.Boolean()),
  parent_uuid: Type.Optional(Uuid()),
});
export type PostCommentBody = Static<typeof PostCommentBody>;
export const EditCommentBody = ClosedObject({ body: Type.Optional(CommentBody), spoiler: Type.Optional(Type.Boolean()) });
export type EditCommentBody = Static<typeof EditCommentBody>;
export const CommentResponse = Result(Comment);

export const DeleteCommentResponse = Result(Type.Object({ deleted: Type.Literal(true) }));

/**
 * A refused comment (403 and 429 of the writing calls) with its ext fields: COMMENT_BANNED carries
 * the ban's reason and end (null: for good), LINKS_NOT_ALLOWED when links become allowed.
 */
/** The 403 of a community write (comments and ratings alike), with the ext fields that say why and until when. */
export const CommunityRefusal = Type.Object({
  error: Type.String({ description: 'Readable English message' }),
  code: Type.String({ description: 'Stable error code' }),
  details: Type.Optional(Type.Array(Type.Object({ field: Type.String(), message: Type.String() }))),
  ban_reason: Type.Optional(Type.String({ description: 'Ext, with COMMENT_BANNED: the moderator’s reason' })),
  banned_until: Type.Optional(Nullable(Timestamp('Ext, with COMMENT_BANNED: when the ban ends; null: for good'))),
  links_allowed_at: Type.Optional(Timestamp('Ext, with LINKS_NOT_ALLOWED: when the account may post links')),
});
export type CommunityRefusal = Static<typeof CommunityRefusal>;

export const CommentLikeResponse = Result(Type.Object({ likes: Type.Integer(), already_liked: Type.Boolean() }));

export const ReportCommentBody = ClosedObject({
  reason: Type.Enum(COMMENT_REPORT_REASONS, { description: 'Why the comment should be looked at' }),
  detail: Type.Optional(Type.String({ maxLength: COMMENT_REPORT_DETAIL_MAX, description: 'Ext: a few words for the moderators' })),
});
export type ReportCommentBody = Static<typeof ReportCommentBody>;
export const ReportCommentResponse = Result(Type.Object({ reported: Type.Literal(true) }));

/** What the caller may do in the community: a banned reader sees why and until when. */
export const CommunityStanding = Type.Object({
  banned: Type.Boolean(),
  ban_reason: Nullable(Type.String()),
  banned_until: Nullable(Timestamp('Null with banned: for good')),
  links_allowed: Type.Boolean({ description: 'False while the account is younger than the site setting (24 hours by default)' }),
  links_allowed_at: Nullable(Timestamp('When links become allowed, while they are not')),
});
export type CommunityStanding = Static<typeof CommunityStanding>;
export const CommunityStandingResponse = Result(CommunityStanding);

export const BookRatingParams = Type.Object({ book_uuid: Uuid() });
export const RatingScore = Type.Integer({ minimum: RATING_MIN, maximum: RATING_MAX, description: '1 to 10' });
export const PutRatingBody = ClosedObject({
  score: RatingScore,
  review: Type.Optional(Nullable(Type.String({ maxLength: REVIEW_BODY_MAX, description: 'A short review; null or empty removes it' }))),
});
export type PutRatingBody = Static<typeof PutRatingBody>;

export const MyRating = Type.Object({
  score: RatingScore,
  review: Nullable(Type.String()),
  review_hidden: Type.Optional(Type.Boolean({ description: 'Ext: the review is held or hidden: only its author sees it' })),
  review_hidden_by: Type.Optional(
    Nullable(
      Type.Union([Type.Literal('word_filter'), Type.Literal('moderator')], {
        description:
          'Ext: why the review is hidden: held by the word filter (waiting for a moderator) or hidden by a moderator; null when shown',
      }),
    ),
  ),
  updated_at: Timestamp(),
});
export const BookRatingSummary = Type.Object({
  average: Nullable(Type.Number({ description: 'Plain mean of the scores, 1 to 10; null without ratings' })),
  bayesian: Nullable(
    Type.Number({
      description:
        '(C × m + sum) / (C + count): m the mean of every rating in the catalogue, C = 10 (docs/COMMUNITY.md); null without ratings',
    }),
  ),
  count: Type.Integer(),
  distribution: Type.Array(Type.Integer(), { minItems: 10, maxItems: 10, description: 'How many ratings gave 1, 2, … 10 points' }),
  mine: Nullable(MyRating),
});
export type BookRatingSummary = Static<typeof BookRatingSummary>;
export const BookRatingResponse = Result(BookRatingSummary);
