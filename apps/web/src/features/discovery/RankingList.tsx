import type { RankedBook } from '@inkstream/contracts';
import { pagePath } from '@inkstream/contracts/routes';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { useLanguage } from '../../i18n/use-language';
import { decodeEntities } from '../../lib/decode-entities';
import { BookCover } from '../../components/BookCover';
import { cardRating, formatRating, formatShortCount } from '../ratings';
import { movementOf, type Movement } from './ranking-rules';
import styles from './RankingList.module.css';

/**
 * A ranking's books in order: the rank, how the book moved since the previous period (▲3, ▼2,
 * new, –: a sign for the eye and words for a screen reader), cover, title, rating and readers.
 */
export function RankingList({ entries, labelledBy }: { entries: readonly RankedBook[]; labelledBy: string }) {
  return (
    <ol className={styles.list} aria-labelledby={labelledBy} data-testid="ranking-list">
      {entries.map((entry) => (
        <li key={entry.book_uuid}>
          <RankingEntry entry={entry} />
        </li>
      ))}
    </ol>
  );
}

function RankingEntry({ entry }: { entry: RankedBook }) {
  const { t } = useTranslation('discovery');
  const language = useLanguage();
  const rating = cardRating(entry);
  return (
    <article className={styles.entry} data-rank={entry.rank}>
      <p className={styles.rank} data-top={entry.rank <= 3 ? 'true' : undefined}>
        <span aria-hidden="true">{entry.rank}</span>
        <span className="visually-hidden">{t('rankings.rank', { rank: entry.rank })}</span>
      </p>
      <MovementMark movement={movementOf(entry.rank, entry.previous_rank)} />
      <div className={styles.cover}>
        <BookCover
          src={entry.cover_image}
          srcSet={entry.cover_srcset}
          blurred={entry.cover_blurred}
          rating={entry.content_rating}
          sizes="64px"
        />
      </div>
      <div className={styles.text}>
        <h3 className={styles.title} dir="auto">
          <Link to={pagePath.book(entry.book_uuid)} className={styles.link}>
            {decodeEntities(entry.book_title)}
          </Link>
        </h3>
        <p className={styles.meta}>
          {rating !== null && (
            <span className={styles.rating}>
              <span aria-hidden="true">
                ★ {formatRating(rating, language)} ({formatShortCount(entry.rating_count ?? 0, language)})
              </span>
              <span className="visually-hidden">
                {t('books:card.rating', { rating: formatRating(rating, language), count: entry.rating_count ?? 0 })}
              </span>
            </span>
          )}
          <span>{t('rankings.readers', { count: entry.readers })}</span>
        </p>
      </div>
    </article>
  );
}

const SIGN: Record<Movement['kind'], string> = { up: '▲', down: '▼', new: '', same: '–' };

/** The movement since the previous period: its sign (hidden from screen readers) and its words. */
export function MovementMark({ movement }: { movement: Movement }) {
  const { t } = useTranslation('discovery');
  const words =
    'by' in movement ? t(`rankings.movement.${movement.kind}`, { count: movement.by }) : t(`rankings.movement.${movement.kind}`);
  if (movement.kind === 'new') {
    return (
      <p className={styles.movement} data-movement="new">
        <span className={styles.newMark}>{words}</span>
      </p>
    );
  }
  return (
    <p className={styles.movement} data-movement={movement.kind}>
      <span aria-hidden="true">
        {SIGN[movement.kind]}
        {'by' in movement ? movement.by : ''}
      </span>
      <span className="visually-hidden">{words}</span>
    </p>
  );
}
