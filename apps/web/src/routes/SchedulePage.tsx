import { PAGE_PATTERNS } from '@inkstream/contracts/routes';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Loading } from '../components/Loading';
import { useTranslation } from '../i18n/use-translation';
import { useLanguage } from '../i18n/use-language';
import { useBrowserValue } from '../lib/browser-value';
import { BookCard } from '../features/catalogue/BookCard';
import { scheduleQuery } from '../features/discovery/discovery-api';
import { ScheduleWeek } from '../features/discovery/ScheduleWeek';
import { browserTimeZone, readWeekParam, SERVER_TIME_ZONE, weekStartOf } from '../features/discovery/week-start';
import gridStyles from '../features/catalogue/BookGrid.module.css';
import styles from '../features/discovery/DiscoveryPage.module.css';

/** The calendar's address for the week holding `day` (YYYY-MM-DD). */
const weekPath = (day: string) => `${PAGE_PATTERNS.schedule}?week=${encodeURIComponent(day)}`;

/**
 * The release calendar, `/schedule` (issue 46): the week's days in the reader's own week and time
 * zone, each with the books due that day, the weeks around it, and the completed series apart.
 * Server-rendered in UTC (the server cannot know the reader's zone); the browser asks again in its own.
 */
export default function SchedulePage() {
  const { t } = useTranslation('discovery');
  const language = useLanguage();
  const [params] = useSearchParams();
  const week = readWeekParam(params);
  const timeZone = useBrowserValue(browserTimeZone, SERVER_TIME_ZONE);
  // The week shown stays while the next one (or the same in the reader's zone) loads.
  const query = useQuery({
    ...scheduleQuery(language, { week, timeZone, weekStart: weekStartOf(language) }),
    placeholderData: keepPreviousData,
  });
  const schedule = query.data;

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
        <p className={styles.intro}>{t('schedule.intro', { zone: schedule?.time_zone ?? timeZone })}</p>
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
        <ScheduleWeek days={schedule.days} timeZone={schedule.time_zone} />
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
