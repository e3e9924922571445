import type { ScheduleDay, ScheduledBook } from '@inkstream/contracts';
import { pagePath } from '@inkstream/contracts/routes';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { useLanguage } from '../../i18n/use-language';
import { decodeEntities } from '../../lib/decode-entities';
import { BookCover } from '../../components/BookCover';
import { formatDayHeading, formatReleaseTime } from './release-format';
import styles from './ScheduleWeek.module.css';

/**
 * The release calendar's week (issue 46): seven day columns on a wide screen; on a phone a strip of
 * day buttons over one day at a time, today first. Before the app takes the page over (or without
 * JavaScript) a phone shows the days one under the other: the strip needs the script to work.
 * `timeZone`: the zone the days were answered in, null until that is the reader's own (then the
 * week shows no clock time and says it is still loading: SchedulePage).
 */
export function ScheduleWeek({ days, timeZone }: { days: readonly ScheduleDay[]; timeZone: string | null }) {
  const { t } = useTranslation('discovery');
  const language = useLanguage();
  const [chosen, setChosen] = useState<string | null>(null);
  const today = days.find((day) => day.is_today)?.date ?? days[0]?.date;
  const current = chosen !== null && days.some((day) => day.date === chosen) ? chosen : today;
  return (
    <div className={styles.week} aria-busy={timeZone === null}>
      <div className={styles.strip} role="group" aria-label={t('schedule.days')}>
        {days.map((day) => {
          const heading = formatDayHeading(day.date, language);
          return (
            <button
              key={day.date}
              type="button"
              className={styles.dayButton}
              aria-pressed={day.date === current}
              aria-controls={`schedule-day-${day.date}`}
              onClick={() => setChosen(day.date)}
            >
              <span className={styles.dayButtonWeekday}>{heading.weekday}</span>
              <span>{day.is_today ? t('schedule.today') : heading.day}</span>
            </button>
          );
        })}
      </div>
      <ol className={styles.days}>
        {days.map((day) => {
          const heading = formatDayHeading(day.date, language);
          return (
            <li
              key={day.date}
              id={`schedule-day-${day.date}`}
              className={styles.day}
              data-selected={day.date === current ? 'true' : undefined}
              data-today={day.is_today ? 'true' : undefined}
              aria-labelledby={`schedule-day-${day.date}-heading`}
              data-testid="schedule-day"
              data-date={day.date}
            >
              <h2 id={`schedule-day-${day.date}-heading`} className={styles.dayHeading}>
                <span className={styles.weekday}>{heading.weekday}</span> <span className={styles.date}>{heading.day}</span>
                {day.is_today && <span className={styles.todayMark}>{t('schedule.today')}</span>}
              </h2>
              {day.books.length === 0 ? (
                <p className={styles.none}>{t('schedule.noBooks')}</p>
              ) : (
                <ul className={styles.books}>
                  {day.books.map((book) => (
                    <li key={book.book_uuid}>
                      <ScheduleCard book={book} isToday={day.is_today} timeZone={timeZone} />
                    </li>
                  ))}
                </ul>
              )}
            </li>
          );
        })}
      </ol>
    </div>
  );
}

/** One book on a day: cover, title (the link to the book) and when it comes out that day. */
function ScheduleCard({ book, isToday, timeZone }: { book: ScheduledBook; isToday: boolean; timeZone: string | null }) {
  const { t } = useTranslation('discovery');
  const language = useLanguage();
  const time = book.release_at && timeZone !== null ? formatReleaseTime(book.release_at, language, timeZone) : null;
  const isNew = book.release === 'released' && isToday;
  return (
    <article className={styles.card}>
      <div className={styles.cover}>
        <BookCover
          src={book.cover_image}
          srcSet={book.cover_srcset}
          blurred={book.cover_blurred}
          rating={book.content_rating}
          sizes="120px"
        />
      </div>
      <div className={styles.text}>
        <h3 className={styles.title} dir="auto">
          <Link to={pagePath.book(book.book_uuid)} className={styles.link}>
            {decodeEntities(book.book_title)}
          </Link>
        </h3>
        <p className={styles.when}>
          {isNew && <span className={styles.newMark}>{t('schedule.newToday')}</span>}
          {!isNew && book.release === 'released' && <span className={styles.outMark}>{t('schedule.released')}</span>}
          {time ? (
            <time dateTime={book.release_at ?? undefined}>{time}</time>
          ) : (
            !isNew && !book.release_at && book.release === 'regular' && t('schedule.regular')
          )}
        </p>
      </div>
    </article>
  );
}
