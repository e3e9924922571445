import { ErrorCode, type AdminReviewsQuery, type ModerationReview, type Paged } from '@inkstream/contracts';
import { AppError } from '../../lib/app-error.js';
import { toIso } from '../../lib/time.js';
import type { Actor } from '../audit/audit.service.js';
import { consoleTitles } from '../catalogue/console-titles.js';
import { bookOf, userOf, type ModerationContext } from './moderation-context.js';
import * as repo from './moderation.repository.js';

/** A book's side of moderation: its comments switch, and its reviews (listed, hidden, shown again). */
export function createBookModeration({ db, audit }: ModerationContext) {
  async function bookComments(uuid: string) {
    const book = await bookOf(db, uuid);
    return { book_uuid: book.uuid, closed: book.comments_closed === 1 };
  }

  /** Closes or opens a book's comments: existing ones stay readable, no new ones while closed. */
  async function setBookComments(actor: Actor, uuid: string, closed: boolean) {
    const book = await bookOf(db, uuid);
    await db.transaction().execute(async (trx) => {
      if (!(await repo.setBookCommentsClosed(trx, book.id, closed))) return;
      await audit.recordWithin(trx, actor, {
        action: 'book.comments',
        targetType: 'book',
        targetId: book.uuid,
        before: { comments_closed: !closed },
        after: { comments_closed: closed },
      });
    });
    return { book_uuid: book.uuid, closed };
  }

  async function reviews(query: AdminReviewsQuery): Promise<Paged<ModerationReview>> {
    const pageSize = query.page_size ?? 50;
    const book = query.book_uuid === undefined ? undefined : await repo.findBookByUuid(db, query.book_uuid);
    if (query.book_uuid !== undefined && !book) return { items: [], total: 0 };
    const { rows, total } = await repo.reviewsPage(db, { state: query.state, bookId: book?.id }, (query.page ?? 0) * pageSize, pageSize);
    const titles = await consoleTitles(
      db,
      [...new Map(rows.map((row) => [row.book_id, { id: row.book_id, original_language: row.original_language }])).values()],
      query.language,
    );
    return {
      items: rows.map((row) => ({
        book: {
          uuid: row.book_uuid,
          title: titles.get(row.book_id)?.title ?? '',
          title_language: titles.get(row.book_id)?.language ?? row.original_language,
        },
        user: { uuid: row.user_uuid, username: row.username },
        score: row.score,
        review: row.review ?? '',
        review_state: row.review_state,
        updated_at: toIso(Number(row.updated_at)),
      })),
      total,
    };
  }

  /** Hides a review or shows it again (a held one approved): the score keeps counting either way. */
  async function setReviewState(actor: Actor, bookUuid: string, userUuid: string, state: 'visible' | 'hidden') {
    const [book, user] = await Promise.all([bookOf(db, bookUuid), userOf(db, userUuid)]);
    return db.transaction().execute(async (trx) => {
      const rating = await repo.lockRating(trx, book.id, user.id);
      if (!rating || rating.review === null || rating.review === '')
        throw new AppError(ErrorCode.NOT_FOUND, 404, 'This reader has no review of this book');
      if (rating.review_state === state) return { review_state: state, changed: false };
      await repo.setReviewState(trx, book.id, user.id, state);
      await audit.recordWithin(trx, actor, {
        action: state === 'hidden' ? 'review.hide' : 'review.show',
        targetType: 'book',
        targetId: book.uuid,
        before: { review_of: user.uuid, review_state: rating.review_state },
        after: { review_of: user.uuid, review_state: state },
      });
      return { review_state: state, changed: true };
    });
  }

  return { bookComments, setBookComments, reviews, setReviewState };
}
