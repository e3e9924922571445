import { Type, type Static } from 'typebox';
import { COMMENT_PAGE_SIZE_DEFAULT, COMMENT_PAGE_SIZE_MAX } from '../constants.js';
import { CommentUser, RatingScore } from './community.js';
import { Data, Timestamp } from './common.js';

// Book reviews (issue 31, ext; docs/COMMUNITY.md "Ratings and reviews"). The rating call's own
// schemas (PutRatingBody, BookRatingSummary) are in community.ts.

export const ReviewsQuery = Type.Object({
  page: Type.Integer({ minimum: 1, maximum: 100_000, default: 1 }),
  page_size: Type.Integer({ minimum: 1, maximum: COMMENT_PAGE_SIZE_MAX, default: COMMENT_PAGE_SIZE_DEFAULT }),
});
export type ReviewsQuery = Static<typeof ReviewsQuery>;

export const BookReview = Type.Object({
  user: CommentUser,
  score: RatingScore,
  review: Type.String({ description: 'Plain text with line breaks' }),
  updated_at: Timestamp(),
  mine: Type.Optional(Type.Boolean({ description: "The caller's own review (listed first)" })),
  hidden: Type.Optional(
    Type.Boolean({ description: "True only on the caller's own review that readers do not see (held by the word filter or hidden)" }),
  ),
  hidden_by: Type.Optional(
    Type.Union([Type.Literal('word_filter'), Type.Literal('moderator')], {
      description: "Ext, only on the caller's own hidden review: held by the word filter or hidden by a moderator",
    }),
  ),
});
export type BookReview = Static<typeof BookReview>;
export const BookReviewsResponse = Data(
  Type.Object({
    result: Type.Array(BookReview),
    total: Type.Integer({ description: 'Reviews readers see (the caller’s own hidden one not counted)' }),
  }),
);

/**
 * A refused rating (403): COMMENT_BANNED carries the ban's reason and end (null: for good),
 * LINKS_NOT_ALLOWED when the account may post links. The same fields as a refused comment.
 */
