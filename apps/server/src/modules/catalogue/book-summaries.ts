import { RATING_CARD_MIN_COUNT, type BookSummary } from '@inkstream/contracts';
import { pickTranslation } from '../../lib/language.js';
import { bayesianAverage, type RatingPrior } from './rating-prior.js';
import type { MediaUrls } from '../media/media-urls.js';
import type { BookCards, BookCardRow } from './book-cards.js';
import { coverSrcset } from './cover-srcset.js';
import { ratingOf, verdictOf, type Audience } from '../access/content-rating.js';

/**
 * Ext rating fields of a book (none with COMMUNITY=off, `mean` null): the Bayesian average to one
 * decimal, null until RATING_CARD_MIN_COUNT ratings (a figure from two readers says little, and
 * cards show none below that; the book page reads the full figures from the rating call).
 */
export function ratingFieldsOf(book: Pick<BookCardRow, 'rating_count' | 'rating_sum'>, mean: number | null) {
  if (mean === null) return {};
  const count = Number(book.rating_count);
  const bayesian = count >= RATING_CARD_MIN_COUNT ? bayesianAverage(Number(book.rating_sum), count, mean) : null;
  return { rating_average: bayesian === null ? null : Math.round(bayesian * 10) / 10, rating_count: count };
}

/**
 * The book list's card (BookSummary) for any list of book ids: the book list, search results,
 * rankings and "readers also read" all answer the same shape, made from the cards kept in memory
 * (book-cards.ts) and the tags of the ranking snapshot.
 */
export function createBookSummaries(deps: { bookCards: BookCards; media: MediaUrls; ratings: RatingPrior | null }) {
  const { bookCards, media } = deps;
  const coverUrl = (key: string | null) => (key ? media.publicUrl(key) : null);

  return {
    /**
     * The cards of `ids` in their order, as `audience` is shown them (access/content-rating.ts): a
     * blurred card says so, and a locked one (an adult book this reader may not open) has no cover.
     * Which books are listed is the list's own filter (the ranking snapshot's, by the same rule),
     * decided once: a card of a book the audience never meets, which only a list that forgot the
     * rule would ask for, is drawn as locked (never its cover), and the listing walk
     * (content-rating-walk.test.ts) catches its title. A book deleted since the ids were chosen is left out.
     */
    async of(
      ids: readonly number[],
      tagsOf: (id: number, index: number) => readonly string[],
      language: string,
      audience: Audience,
    ): Promise<{ id: number; summary: BookSummary }[]> {
      const [cards, mean] = await Promise.all([bookCards.get(ids), deps.ratings ? deps.ratings.mean() : Promise.resolve(null)]);
      return ids.flatMap((id, index) => {
        const card = cards.get(id);
        if (!card) return [];
        const { book } = card;
        const verdict = verdictOf(audience, book.content_rating);
        const locked = verdict === 'locked' || verdict === 'hidden';
        const tags = tagsOf(id, index);
        const summary: BookSummary = {
          book_uuid: book.uuid,
          book_title: pickTranslation(card.titles, language, book.original_language)?.title ?? '',
          cover_image: locked ? null : coverUrl(book.cover_key),
          cover_srcset: locked ? null : coverSrcset(book.cover_variants, media.publicUrl),
          tag1: tags[0] ?? null,
          tag2: tags[1] ?? null,
          tag3: tags[2] ?? null,
          chapter_number: book.chapter_count,
          total_likes: book.total_likes,
          updated_at: card.updatedAt,
          public_free_chapters: book.public_free_chapters,
          book_type: book.book_type,
          first_chapter_at: card.firstChapterAt,
          ...ratingFieldsOf(book, mean),
          content_rating: ratingOf(book.content_rating),
          ...(verdict === 'shown' ? {} : { cover_blurred: true }),
        };
        return [{ id, summary }];
      });
    },
  };
}

export type BookSummaries = ReturnType<typeof createBookSummaries>;
