import type { BookChapters, BookCreator, NextRelease } from '@inkstream/contracts';
import { formatCount } from '@inkstream/contracts/formats';
import { useTranslation } from '../../i18n/use-translation';
import { useTagLabel } from '../../components/use-tag-label';
import { isolate } from '../../lib/bidi';
import { decodeEntities } from '../../lib/decode-entities';
import { htmlLang } from '../../lib/language';
import { useLanguage } from '../../i18n/use-language';
import { CreatorLinks, NextReleaseLine } from '../discovery';
import { formatRating } from '../ratings';
import styles from './BookHeader.module.css';

type Book = Pick<BookChapters, 'book_title' | 'book_introduction' | 'book_tags' | 'cover_image' | 'total_chapters'> &
  Partial<
    Pick<
      BookChapters,
      | 'author'
      | 'status'
      | 'total_likes'
      | 'alternate_titles'
      | 'rating_average'
      | 'rating_count'
      | 'content_rating'
      | 'content_descriptors'
    >
  > & {
    /** Ext (issue 46): the credited people, each a link to their page; without them, the credit line as text. */
    creators?: BookCreator[];
    /** Ext (issue 46): when the next chapter is due. */
    next_release?: NextRelease | null;
  };

const SLOT = '\u0000';

/** Opens the ratings section (a closed <details>) before the browser jumps to it. */
const openRatings = () => document.getElementById('ratings')?.setAttribute('open', '');

/**
 * "Also known as A, B and C": the book's other names (ext), each isolated and in its own language
 * when it has one, joined as the reader's language joins a list (Intl.ListFormat: `、` in Chinese).
 */
function AlsoKnownAs({ titles }: { titles: NonNullable<Book['alternate_titles']> }) {
  const { t } = useTranslation('chapters');
  const language = useLanguage();
  const [before, after] = t('alsoKnownAs', { titles: SLOT }).split(SLOT);
  const parts = new Intl.ListFormat(htmlLang(language), { type: 'conjunction' }).formatToParts(titles.map(() => SLOT));
  let next = 0;
  return (
    <p className={styles.aka}>
      {before}
      {parts.map((part, index) => {
        if (part.type === 'literal') return part.value;
        const alternate = titles[next++]!;
        return (
          <bdi key={index} lang={alternate.language ?? undefined} className={styles.akaTitle}>
            {decodeEntities(alternate.title)}
          </bdi>
        );
      })}
      {after}
    </p>
  );
}

/**
 * Issue 61: the book's content rating and what it contains, as the operator set them ("Mature ·
 * Contains: Violence, Horror"); nothing for an all-ages book without descriptors.
 */
function ContentRatingLine({ rating, descriptors = [] }: { rating: string | undefined; descriptors?: readonly string[] | undefined }) {
  const { t } = useTranslation('common');
  const language = useLanguage();
  if (!rating || (rating === 'all_ages' && descriptors.length === 0)) return null;
  const list = new Intl.ListFormat(htmlLang(language), { type: 'conjunction' }).format(
    descriptors.map((descriptor) => t(`contentRating.descriptors.${descriptor}`)),
  );
  return (
    <p className={styles.contentRating} data-testid="content-rating">
      <span className={rating === 'adult' ? styles.adultBadge : styles.ratingBadge}>
        <span className="visually-hidden">{t('contentRating.label')}: </span>
        {/* Isolated, so "+18" reads the same in Arabic as on the gate's mark. */}
        <bdi>{t(`contentRating.${rating}`)}</bdi>
      </span>
      {descriptors.length > 0 && <span>{`${t('contentRating.contains')}: ${list}`}</span>}
    </p>
  );
}

/** Cover, title, translated tags and introduction of the book (decoded, spec section 5). */
export function BookHeader({ book }: { book: Book }) {
  const { t } = useTranslation('chapters');
  const tagLabel = useTagLabel();
  const language = useLanguage();
  const title = decodeEntities(book.book_title);
  const introduction = decodeEntities(book.book_introduction).trim();
  return (
    <header className={styles.header}>
      {book.cover_image && (
        // Covers are 3:4; the box is reserved so the title never moves when the image arrives. Lazy,
        // so a slow connection can hold it until the app's code is in (BookCover.tsx says why).
        <div className={styles.cover}>
          <img src={book.cover_image} alt="" width={600} height={800} loading="lazy" fetchPriority="high" decoding="async" />
        </div>
      )}
      <div className={styles.details}>
        <h1 className={styles.title} dir="auto">
          {title}
        </h1>
        {book.alternate_titles && book.alternate_titles.length > 0 && <AlsoKnownAs titles={book.alternate_titles} />}
        {book.creators && book.creators.length > 0 ? (
          <CreatorLinks creators={book.creators} className={styles.author} />
        ) : (
          book.author && <p className={styles.author}>{t('author', { name: isolate(book.author) })}</p>
        )}
        <NextReleaseLine release={book.next_release} className={styles.release} />
        <p className={styles.count}>
          {t('totalChapters', { count: book.total_chapters })}
          {book.status && (
            <>
              {' · '}
              <span className={book.status === 'completed' ? styles.completed : undefined}>{t(`status.${book.status}`)}</span>
            </>
          )}
          {book.total_likes !== undefined && book.total_likes > 0 && (
            <>
              {' · '}
              {t('likes', {
                count: book.total_likes,
                formatted: formatCount(book.total_likes, language),
              })}
            </>
          )}
          {/* Ext: the Bayesian average once the book has 5 ratings (server-rendered too; absent with the community off). */}
          {typeof book.rating_average === 'number' && (
            <>
              {' · '}
              <span data-testid="header-rating">{t('ratingAverage', { rating: formatRating(book.rating_average, language) })}</span>
            </>
          )}
          {/* The ratings live in a closed section further down: the header says how many there are and
              opens it (issue 40: the header showed none below 5 ratings). */}
          {typeof book.rating_count === 'number' && (
            <>
              {' · '}
              <a href="#ratings" onClick={openRatings}>
                {book.rating_count > 0 ? t('ratingCount', { count: book.rating_count }) : t('ratingNone')}
              </a>
            </>
          )}
        </p>
        <ContentRatingLine rating={book.content_rating} descriptors={book.content_descriptors} />
        {book.book_tags.length > 0 && (
          <ul className={styles.tags} aria-label={t('tags')}>
            {book.book_tags.map((tag) => (
              <li key={tag} className={styles.tag} dir="auto">
                {tagLabel(tag)}
              </li>
            ))}
          </ul>
        )}
      </div>
      <div className={styles.about}>
        <h2 className="visually-hidden">{t('introduction')}</h2>
        <p className={introduction ? styles.introduction : styles.empty} dir={introduction ? 'auto' : undefined}>
          {introduction || t('common:status.noDescription')}
        </p>
      </div>
    </header>
  );
}
