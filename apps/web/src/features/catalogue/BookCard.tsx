import { formatCount } from '@inkstream/contracts/formats';
import { pagePath } from '@inkstream/contracts/routes';
import type { BookSummary } from '@inkstream/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import { RelativeTime } from '../../components/RelativeTime';
import { useTagLabel } from '../../components/use-tag-label';
import { useNow } from '../../lib/render-clock';
import { tierLabelFor } from '../../lib/tiers';
import { HighlightedText } from './HighlightedText';
import { BookCover } from '../../components/BookCover';
import { freeChaptersLabel, hasFreeChapters, presentTags } from './free-chapters';
import { cardRating, formatRating, formatShortCount } from '../ratings';
import styles from './BookCard.module.css';

/** Grid columns: 2 up to 480 px, 3 up to 768 px, else 4 in a 1,200 px page (BookGrid.module.css). */
const GRID_COVER_SIZES = '(max-width: 480px) 50vw, (max-width: 768px) 33vw, 300px';

/** Likes badge only when total_likes is above 2 (spec section 9). */
export const LIKES_BADGE_MIN = 3;

interface BookCardProps {
  book: BookSummary;
  /** The first card of a page without a carousel: its cover is the page's largest paint. */
  isLargestPaint?: boolean;
  /** A line of the list the card is in, under the title (an author page: the person's role in the book). */
  note?: ReactNode;
}

/**
 * One book of the grid. The title link stretches over the whole card, so the card is one click
 * target while screen readers hear just the title as the link name.
 */
export function BookCard({ book, isLargestPaint = false, note }: BookCardProps) {
  const { t, i18n } = useTranslation('books');
  const rating = cardRating(book);
  const tagLabel = useTagLabel();
  const tags = presentTags(book.tag1, book.tag2, book.tag3);
  const tier = tierLabelFor(book.chapter_number, book.first_chapter_at, useNow());
  return (
    <article className={styles.card}>
      <BookCover
        src={book.cover_image}
        srcSet={book.cover_srcset}
        blurred={book.cover_blurred}
        rating={book.content_rating}
        sizes={GRID_COVER_SIZES}
        isHighPriority={isLargestPaint}
      />
      <div className={styles.body}>
        <h3 className={styles.title} dir="auto">
          <Link to={pagePath.book(book.book_uuid)} className={styles.link}>
            <HighlightedText text={book.book_title} ranges={book.title_highlights} />
          </Link>
        </h3>
        {note}
        {tags.length > 0 && (
          <ul className={styles.tags} aria-label={t('card.tags')}>
            {tags.map((tag) => (
              <li key={tag} dir="auto">
                {tagLabel(tag)}
              </li>
            ))}
          </ul>
        )}
        <p className={styles.meta}>
          <span>{t('card.chapters', { count: book.chapter_number })}</span>
          <span className={styles.tier}>{t(`common:tiers.${tier}`)}</span>
        </p>
        <p className={styles.meta}>
          <RelativeTime value={book.updated_at} />
          {/* Below the cover, never over it: covers carry their own title and type label. */}
          {book.total_likes >= LIKES_BADGE_MIN && (
            <span className={styles.likes}>
              <span aria-hidden="true">♥ {formatCount(book.total_likes, i18n.language)}</span>
              <span className="visually-hidden">
                {t('card.likes', { count: book.total_likes, formatted: formatCount(book.total_likes, i18n.language) })}
              </span>
            </span>
          )}
          {/* The Bayesian average, once the book has 5 ratings (absent with the community off), and how
              many ratings it stands on: "★ 8.6 (1.2K)" (issue 46: a score alone does not say how sure it is). */}
          {rating !== null && (
            <span className={styles.rating} data-testid="card-rating">
              <span aria-hidden="true">
                ★ {formatRating(rating, i18n.language)} ({formatShortCount(book.rating_count ?? 0, i18n.language)})
              </span>
              <span className="visually-hidden">
                {t('card.rating', { rating: formatRating(rating, i18n.language), count: book.rating_count ?? 0 })}
              </span>
            </span>
          )}
        </p>
        <p className={hasFreeChapters(book.public_free_chapters) ? styles.free : styles.paid}>
          {freeChaptersLabel(t, book.public_free_chapters, book.chapter_number)}
        </p>
      </div>
    </article>
  );
}
