import type { Schedule } from '@inkstream/contracts';
import { adminPath } from '@inkstream/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { client, data } from '../../../lib/api-fetch';
import { currentLanguage } from '../../../lib/language';
import styles from '../shell/admin.module.css';
import { FormNotice } from '../shell/FieldError';
import local from './calendar.module.css';

/** The operator's own zone (the browser's), as the reader's calendar uses the reader's. */
const operatorZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

const fetchWeek = (week: string | null, timeZone: string): Promise<Schedule> =>
  data(
    client.GET('/api/v1/comics/schedule', {
      params: { query: { language: currentLanguage(), time_zone: timeZone, ...(week ? { week } : {}) } },
    }),
  );

/** A day heading: "Tuesday 1 December" in the console's language (the date is a calendar day, read in UTC). */
export const dayLabel = (date: string, language: string) =>
  new Intl.DateTimeFormat(language, { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
/** A release time in the operator's zone ("10:00"). */
export const timeLabel = (iso: string, language: string, timeZone: string) =>
  new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', timeZone }).format(new Date(iso));

/**
 * The release calendar as readers see it (the public GET /comics/schedule, in the operator's zone),
 * each book linking to its console page where its publishing days are set (docs/ADMIN.md "Calendar").
 */
export default function CalendarSection() {
  const { t } = useTranslation('admin-books');
  const { t: tAdmin } = useTranslation('admin');
  const [week, setWeek] = useState<string | null>(null);
  const timeZone = operatorZone();
  const language = currentLanguage();
  const schedule = useQuery({ queryKey: ['admin', 'calendar', week, timeZone, language], queryFn: () => fetchWeek(week, timeZone) });

  return (
    <section aria-labelledby="calendar-heading">
      <div className={styles.heading}>
        <h1 id="calendar-heading">{t('calendar.title')}</h1>
        <div className={local.weekNav}>
          <button
            type="button"
            className={styles.secondary}
            disabled={!schedule.data}
            onClick={() => setWeek(schedule.data!.previous_week)}
          >
            {t('calendar.previous')}
          </button>
          <button type="button" className={styles.secondary} disabled={week === null} onClick={() => setWeek(null)}>
            {t('calendar.thisWeek')}
          </button>
          <button type="button" className={styles.secondary} disabled={!schedule.data} onClick={() => setWeek(schedule.data!.next_week)}>
            {t('calendar.next')}
          </button>
        </div>
      </div>
      <p className={styles.muted}>{t('calendar.help', { zone: timeZone })}</p>
      {schedule.isPending && <p>{tAdmin('loading')}</p>}
      <FormNotice message={schedule.error ? schedule.error.message : null} />
      {schedule.data && (
        <div className={local.week}>
          {schedule.data.days.map((day) => (
            <section key={day.date} className={styles.card} aria-labelledby={`day-${day.date}`}>
              <h2 id={`day-${day.date}`} className={local.day}>
                {dayLabel(day.date, language)}
                {day.is_today && <span className={styles.muted}> · {t('calendar.today')}</span>}
              </h2>
              {day.books.length === 0 ? (
                <p className={styles.muted}>{t('calendar.none')}</p>
              ) : (
                <ul className={local.books}>
                  {day.books.map((book) => (
                    <li key={book.book_uuid}>
                      <span className={local.time}>{book.release_at ? timeLabel(book.release_at, language, timeZone) : '—'}</span>{' '}
                      <Link to={adminPath.book(book.book_uuid)}>
                        <bdi>{book.book_title}</bdi>
                      </Link>{' '}
                      <span className={styles.muted}>{t(`calendar.release.${book.release}`)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </section>
          ))}
        </div>
      )}
    </section>
  );
}
