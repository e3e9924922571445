import { pagePath } from '@inkstream/contracts/routes';
import type { RecommendedBook } from '@inkstream/contracts';
import { Fragment, useCallback } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import { useTagLabel } from '../../components/use-tag-label';
import { decodeEntities } from '../../lib/decode-entities';
import { BookCover } from '../../components/BookCover';
import { freeChaptersLabel, hasFreeChapters, presentTags } from './free-chapters';
import { cardPageStep, recommendedCardWidth } from './layout-rules';
import { ScrollButton } from './ScrollButton';
import { useRecommendations } from './use-book-search';
import { useCarouselScroll } from './use-carousel-scroll';
import styles from './RecommendedCarousel.module.css';

const TRACK_ID = 'recommended-track';
const CARD_GAP = 12;
const PLACEHOLDERS = [0, 1, 2, 3, 4];

const pageStep = (track: HTMLElement) => cardPageStep(track.clientWidth, recommendedCardWidth(window.innerWidth), CARD_GAP);

/** The card widths of RecommendedCarousel.module.css. */
const CAROUSEL_COVER_SIZES = '(max-width: 480px) 148px, (max-width: 768px) 196px, 256px';

function RecommendedCard({ book, index }: { book: RecommendedBook; index: number }) {
  const { t } = useTranslation('books');
  const tagLabel = useTagLabel();
  const tags = presentTags(book.tag1, book.tag2);
  return (
    <article className={styles.card}>
      <BookCover src={book.cover_image} srcSet={book.cover_srcset} sizes={CAROUSEL_COVER_SIZES} isHighPriority={index === 0} />
      <h3 className={styles.title} dir="auto">
        <Link to={pagePath.book(book.book_uuid)} className={styles.link}>
          {decodeEntities(book.book_title)}
        </Link>
      </h3>
      {tags.length > 0 && (
        <p className={styles.tags}>
          {tags.map((tag, at) => (
            <Fragment key={tag}>
              {at > 0 && ' · '}
              <bdi>{tagLabel(tag)}</bdi>
            </Fragment>
          ))}
        </p>
      )}
      <p className={styles.meta}>{t('card.chapters', { count: book.chapterNumber })}</p>
      <p className={hasFreeChapters(book.public_free_chapters) ? styles.free : styles.paid}>
        {freeChaptersLabel(t, book.public_free_chapters, book.chapterNumber)}
      </p>
    </article>
  );
}

/** The recommended-books carousel at the top of the book list. */
export function RecommendedCarousel() {
  const { t } = useTranslation('books');
  const { data: books, isPending } = useRecommendations();
  const stepFor = useCallback(pageStep, []);
  const { ref, canPrevious, canNext, scroll } = useCarouselScroll<HTMLUListElement>(stepFor, books);

  // Nothing to recommend (or the call failed, which is only logged): no empty section.
  if (!isPending && (!books || books.length === 0)) return null;
  return (
    <section className={styles.section} aria-labelledby="recommended-heading">
      <div className={styles.head}>
        <h2 id="recommended-heading" className={styles.heading}>
          {t('recommended.heading')}
        </h2>
        <div className={styles.buttons}>
          <ScrollButton
            direction="previous"
            label={t('recommended.previous')}
            controls={TRACK_ID}
            disabled={!canPrevious}
            onScroll={scroll}
          />
          <ScrollButton direction="next" label={t('recommended.next')} controls={TRACK_ID} disabled={!canNext} onScroll={scroll} />
        </div>
      </div>
      <ul id={TRACK_ID} ref={ref} className={styles.track} aria-busy={isPending}>
        {books
          ? books.map((book, index) => (
              <li key={book.book_uuid} className={styles.item}>
                <RecommendedCard book={book} index={index} />
              </li>
            ))
          : // Placeholders keep the carousel's height while it loads, so the page below does not jump.
            PLACEHOLDERS.map((key) => (
              <li key={key} className={styles.item} aria-hidden="true">
                <BookCover src={null} />
                <span className={styles.placeholderText} />
              </li>
            ))}
      </ul>
    </section>
  );
}
