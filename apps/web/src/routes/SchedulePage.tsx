import { PAGE_PATTERNS } from '@inkstream/contracts/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Loading } from '../components/Loading';
import { useTranslation } from '../i18n/use-translation';
import { useLanguage } from '../i18n/use-language';
import { useReaderTimeZone } from '../lib/reader-time-zone';
import { BookCard } from '../features/catalogue/BookCard';
import { scheduleQuery } from '../features/discovery/discovery-api';
import { ScheduleWeek } from '../features/discovery/ScheduleWeek';
import { readWeekParam, SERVER_TIME_ZONE, weekStartOf } from '../features/discovery/week-start';
import gridStyles from '../features/catalogue/BookGrid.module.css';
import styles from '../features/discovery/DiscoveryPage.module.css';

/** The calendar's address for the week holding `day` (YYYY-MM-DD). */
const weekPath = (day: string) => `${PAGE_PATTERNS.schedule}?week=${encodeURIComponent(day)}`;

/**
 * The release calendar, `/schedule` (issue 46): the week's days in the reader's own week and time
 * zone, each with the books due that day, the weeks around it, and the completed series apart.
 * Server-rendered from the week in UTC (the server cannot know the reader's zone) but without a
 * single clock time: the times appear once the week in the reader's own zone has arrived, so no
 * first paint shows a UTC time for a local one (issue 56).
 */
export default function SchedulePage() {
  const { t } = useTranslation('discovery');
  const language = useLanguage();
  const [params] = useSearchParams();
  const week = readWeekParam(params);
  // Null on the server and while hydrating; the reader's zone in the very next render.
  const readerZone = useReaderTimeZone();
  // The week shown stays while the next one (or the same in the reader's zone) loads.
  const query = useQuery({
    ...scheduleQuery(language, { week, timeZone: readerZone ?? SERVER_TIME_ZONE, weekStart: weekStartOf(language) }),
    placeholderData: keepPreviousData,
  });
  const schedule = query.data;
  // Only a week answered in the reader's zone has its times (and its days) right for them.
  const isInReaderZone = readerZone !== null && schedule?.time_zone === readerZone;

  useEffect(() => {
    document.title = `${t('schedule.title')} · ${t('common:siteName')}`;
  }, [t]);
  useEffect(() => {
    if (query.error) console.error('schedule failed to load', query.error);
  }, [query.error]);

  return (
    <>
      <div className={styles.top}>
        <h1 className={styles.heading}>{t('schedule.title')}</h1>
        <p className={styles.intro}>{isInReaderZone ? t('schedule.intro', { zone: readerZone }) : t('schedule.introNoZone')}</p>
      </div>
      {schedule && (
        <nav className={styles.weeks} aria-label={t('schedule.weeks')}>
          <Link to={weekPath(schedule.previous_week)} className={styles.weekLink} rel="nofollow">
            <span aria-hidden="true" className={styles.arrow}>
              ‹
            </span>{' '}
            {t('schedule.previousWeek')}
          </Link>
          {week !== undefined && (
            <Link to={PAGE_PATTERNS.schedule} className={styles.weekLink}>
              {t('schedule.thisWeek')}
            </Link>
          )}
          <Link to={weekPath(schedule.next_week)} className={styles.weekLink} rel="nofollow">
            {t('schedule.nextWeek')}{' '}
            <span aria-hidden="true" className={styles.arrow}>
              ›
            </span>
          </Link>
        </nav>
      )}
      {schedule ? (
        <ScheduleWeek days={schedule.days} timeZone={isInReaderZone ? schedule.time_zone : null} />
      ) : query.isError ? (
        <p role="alert">{t('common:status.error')}</p>
      ) : (
        <Loading />
      )}
      {schedule && (
        <section className={styles.section} aria-labelledby="schedule-completed">
          <h2 id="schedule-completed" className={styles.subheading}>
            {t('schedule.completed')}
          </h2>
          <p className={styles.intro}>{t('schedule.completedIntro')}</p>
          {schedule.completed.length === 0 ? (
            <p className={styles.empty}>{t('schedule.noCompleted')}</p>
          ) : (
            <ul className={gridStyles.grid}>
              {schedule.completed.map((book) => (
                <li key={book.book_uuid}>
                  <BookCard book={book} />
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </>
  );
}
