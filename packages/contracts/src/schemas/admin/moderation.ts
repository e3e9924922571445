import { Type, type Static } from 'typebox';
import { COMMENT_REPORT_REASONS } from '../../constants.js';
import { ClosedObject, Data, Nullable, Timestamp, Uuid } from '../common.js';
import { AdminPageQuery, ConsoleLanguage, PagedData, Reason } from './common.js';

// The moderators' side of the community (issue 31): `/api/v1/admin/comments/…` (docs/COMMUNITY.md
// "Moderation", docs/ADMIN.md). Comment and review text is plain text: the console renders it as
// text, never as HTML. With COMMUNITY=off every call here answers 404 NOT_FOUND.

export const WORD_FILTER_PATTERN_MAX = 64;
/** More entries than this would slow every comment a reader posts: refused with 409. */
export const WORD_FILTER_MAX_ENTRIES = 500;
/** "Hide their recent comments" with a ban: the reader's visible comments of the last 7 days. */
export const BAN_HIDE_RECENT_DAYS = 7;

const literals = <const T extends readonly string[]>(values: T, description?: string) =>
  Type.Enum([...values] as T[number][], description ? { description } : {});

export const ModerationCommentState = literals(['visible', 'held', 'hidden', 'deleted'] as const);
export const ModerationPerson = Type.Object({ uuid: Uuid(), username: Type.String() });

/** A comment as the moderators see it: whatever its state, with where it was written. */
export const ModerationComment = Type.Object({
  comment_uuid: Uuid(),
  parent_uuid: Nullable(Uuid()),
  body: Type.String({ description: 'Plain text; empty once deleted' }),
  spoiler: Type.Boolean(),
  state: ModerationCommentState,
  created_at: Timestamp(),
  edited_at: Nullable(Timestamp()),
  likes: Type.Integer(),
  open_reports: Type.Integer(),
  author: Type.Object({
    uuid: Uuid(),
    username: Type.String(),
    banned: Type.Boolean({ description: 'The author is banned from commenting now' }),
  }),
  book: Type.Object({ uuid: Uuid(), title: Type.String(), title_language: Type.String() }),
  chapter: Type.Object({ uuid: Uuid(), number: Type.Integer(), title: Type.String() }),
});
export type ModerationComment = Static<typeof ModerationComment>;

export const ReportedComment = Type.Object({
  comment: ModerationComment,
  report_count: Type.Integer({ description: 'Open (unresolved) reports' }),
  reasons: Type.Array(Type.Object({ reason: literals(COMMENT_REPORT_REASONS), count: Type.Integer() }), {
    description: 'Open reports by reason, most frequent first',
  }),
  latest_report: Type.Object({
    reporter: ModerationPerson,
    reason: literals(COMMENT_REPORT_REASONS),
    detail: Nullable(Type.String()),
    created_at: Timestamp(),
  }),
});
export type ReportedComment = Static<typeof ReportedComment>;

export const ReportsQuery = Type.Object(
  {
    ...AdminPageQuery,
    state: Type.Optional(literals(['visible', 'held', 'hidden'] as const, 'Only comments in this state')),
    language: ConsoleLanguage,
  },
  { additionalProperties: false },
);
export type ReportsQuery = Static<typeof ReportsQuery>;
export const ReportsResponse = PagedData(ReportedComment);

export const HeldComment = Type.Object({
  comment: ModerationComment,
  matched: Type.Array(Type.String(), { description: 'The word-filter entries the text matches today' }),
});
export type HeldComment = Static<typeof HeldComment>;
export const HeldQuery = Type.Object({ ...AdminPageQuery, language: ConsoleLanguage }, { additionalProperties: false });
export type HeldQuery = Static<typeof HeldQuery>;
export const HeldResponse = PagedData(HeldComment);

export const ModerationCommentParams = Type.Object({ comment_uuid: Uuid() });
export const ModerationActionResponse = Data(
  Type.Object({
    comment: ModerationComment,
    changed: Type.Boolean({ description: 'False when the comment was already so (another moderator was first): nothing written' }),
    resolved_reports: Type.Integer({ description: 'Open reports this action resolved' }),
  }),
);

// Bans -------------------------------------------------------------------------------------------

export const CommentBan = Type.Object({
  user: ModerationPerson,
  reason: Type.String(),
  until: Nullable(Timestamp('Null: for good')),
  created_at: Timestamp(),
  created_by: Nullable(Type.String({ description: "The moderator's user name" })),
});
export type CommentBan = Static<typeof CommentBan>;
export const BanParams = Type.Object({ user_uuid: Uuid() });
export const PutBanBody = ClosedObject({
  reason: Reason,
  until: Nullable(Timestamp('The ban ends at this instant (in the future); null: for good')),
  hide_recent_comments: Type.Optional(
    Type.Boolean({ description: "Also hide the reader's visible comments of the last 7 days (their open reports resolved 'hidden')" }),
  ),
});
export type PutBanBody = Static<typeof PutBanBody>;
export const BanResponse = Data(Type.Object({ ban: CommentBan, hidden_comments: Type.Integer() }));
export const LiftBanResponse = Data(Type.Object({ lifted: Type.Boolean({ description: 'False: there was no active ban' }) }));
export const BansQuery = Type.Object({ ...AdminPageQuery }, { additionalProperties: false });
export const BansResponse = PagedData(CommentBan);

/** The reader page's panel: their ban and latest comments. */
export const ReaderCommunityQuery = Type.Object({ language: ConsoleLanguage }, { additionalProperties: false });
export const ReaderCommunityResponse = Data(
  Type.Object({ ban: Nullable(CommentBan), comments: Type.Array(ModerationComment, { description: 'The 20 newest, any state' }) }),
);

// Word filter ------------------------------------------------------------------------------------

export const WordFilterAction = literals(
  ['mask', 'hold'] as const,
  'mask: asterisks over the match; hold: the comment waits for a moderator',
);
export const WordFilter = Type.Object({
  id: Type.Integer(),
  pattern: Type.String({ description: 'Stored folded: lower case, accents and width removed, spaces collapsed' }),
  action: WordFilterAction,
  created_at: Timestamp(),
});
export type WordFilter = Static<typeof WordFilter>;
export const WordFiltersResponse = PagedData(WordFilter);
export const PostWordFilterBody = ClosedObject({
  pattern: Type.String({ minLength: 1, maxLength: 256, description: `1–${WORD_FILTER_PATTERN_MAX} characters once cleaned` }),
  action: WordFilterAction,
});
export type PostWordFilterBody = Static<typeof PostWordFilterBody>;
export const WordFilterResponse = Data(WordFilter);
export const WordFilterParams = Type.Object({ id: Type.Integer({ minimum: 1, maximum: 2_147_483_647 }) });
export const WordFilterPreviewBody = ClosedObject({ text: Type.String({ minLength: 1, maxLength: 2000 }) });
export const WordFilterPreviewResponse = Data(
  Type.Object({ text: Type.String(), held: Type.Boolean(), matched: Type.Array(Type.String()) }),
);

// Books and reviews ------------------------------------------------------------------------------

export const BookCommentsParams = Type.Object({ book_uuid: Uuid() });
export const PutBookCommentsBody = ClosedObject({ closed: Type.Boolean({ description: 'true: no new comments on the book' }) });
export const BookCommentsResponse = Data(Type.Object({ book_uuid: Uuid(), closed: Type.Boolean() }));

export const ReviewState = literals(['visible', 'held', 'hidden'] as const);
export const ModerationReview = Type.Object({
  book: Type.Object({ uuid: Uuid(), title: Type.String(), title_language: Type.String() }),
  user: ModerationPerson,
  score: Type.Integer(),
  review: Type.String(),
  review_state: ReviewState,
  updated_at: Timestamp(),
});
export type ModerationReview = Static<typeof ModerationReview>;
export const AdminReviewsQuery = Type.Object(
  {
    ...AdminPageQuery,
    state: Type.Optional(ReviewState),
    book_uuid: Type.Optional(Uuid()),
    language: ConsoleLanguage,
  },
  { additionalProperties: false },
);
export type AdminReviewsQuery = Static<typeof AdminReviewsQuery>;
export const ReviewsResponse = PagedData(ModerationReview);
export const ReviewParams = Type.Object({ book_uuid: Uuid(), user_uuid: Uuid() });
export const PutReviewStateBody = ClosedObject({ state: literals(['visible', 'hidden'] as const) });
export const ReviewStateResponse = Data(Type.Object({ review_state: ReviewState, changed: Type.Boolean() }));
