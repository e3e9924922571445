import type { AdminBookDetail, AdminBookUpdateBody, PublishingSchedule } from '@inkstream/contracts';
import { useMutation } from '@tanstack/react-query';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { currentLanguage } from '../../../lib/language';
import styles from '../shell/admin.module.css';
import { FieldError, FormNotice } from '../shell/FieldError';
import { toFormErrors } from '../shell/form-errors';
import { booksApi } from './books-api';
import local from './books.module.css';

/** What the operator is editing: the schedule and the exclusion as the form holds them. */
export interface PublishingDraft {
  days: number[];
  /** 'HH:MM', or '' for no set time. */
  time: string;
  timeZone: string;
  rankingExcluded: boolean;
}

export const draftOf = (book: Pick<AdminBookDetail, 'publishing' | 'ranking_excluded'>): PublishingDraft => ({
  days: [...book.publishing.days],
  time: book.publishing.time ?? '',
  timeZone: book.publishing.time_zone,
  rankingExcluded: book.ranking_excluded,
});

/** Whether this browser's Intl knows the zone (the server checks too: 400 INVALID_TIME_ZONE). */
export function isKnownZone(zone: string): boolean {
  if (zone.trim() === '') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone.trim() });
    return true;
  } catch {
    return false;
  }
}

/** Only what changed: the schedule as a whole (days, time and zone go together), the exclusion apart. */
export function changedSettings(
  book: Pick<AdminBookDetail, 'publishing' | 'ranking_excluded'>,
  draft: PublishingDraft,
): AdminBookUpdateBody | null {
  const publishing: PublishingSchedule = {
    days: [...draft.days].sort((a, b) => a - b),
    time: draft.time === '' ? null : draft.time,
    time_zone: draft.timeZone.trim(),
  };
  const body: AdminBookUpdateBody = {};
  if (JSON.stringify(publishing) !== JSON.stringify(book.publishing)) body.publishing = publishing;
  if (draft.rankingExcluded !== book.ranking_excluded) body.ranking_excluded = draft.rankingExcluded;
  return Object.keys(body).length > 0 ? body : null;
}

/**
 * ISO weekdays in the order of the operator's week, named in their language (Intl: "mardi",
 * "الثلاثاء"). A 2024 week that starts on Monday 1 January gives each weekday a date.
 */
export function weekdayNames(language: string): { day: number; name: string }[] {
  const format = new Intl.DateTimeFormat(language, { weekday: 'long', timeZone: 'UTC' });
  const locale = new Intl.Locale(language) as Intl.Locale & { getWeekInfo?: () => { firstDay: number }; weekInfo?: { firstDay: number } };
  const first = locale.getWeekInfo?.().firstDay ?? locale.weekInfo?.firstDay ?? 1;
  return Array.from({ length: 7 }, (_, i) => {
    const day = ((first - 1 + i) % 7) + 1;
    return { day, name: format.format(new Date(Date.UTC(2024, 0, day))) };
  });
}

/** The zones to suggest (the browser's list when it has one; any IANA name may be typed). */
const zoneList = (): string[] => {
  const intl = Intl as typeof Intl & { supportedValuesOf?: (key: 'timeZone') => string[] };
  return intl.supportedValuesOf?.('timeZone') ?? ['UTC', 'Asia/Shanghai', 'Europe/Paris', 'America/New_York'];
};

/**
 * The book's regular publishing days (issue 46: the release calendar and the book page's "next
 * chapter") and its exclusion from the rankings. Save sends only what changed (PUT
 * /admin/books/{uuid}); the server audits each as book.publishing and book.ranking.
 */
export function BookPublishingSettings({ book, onSaved }: { book: AdminBookDetail; onSaved: (book: AdminBookDetail) => void }) {
  const { t } = useTranslation('admin-books');
  const { t: tAdmin } = useTranslation('admin');
  const id = useId();
  const [draft, setDraft] = useState<PublishingDraft>(() => draftOf(book));
  const days = useMemo(() => weekdayNames(currentLanguage()), []);
  const zones = useMemo(zoneList, []);
  const save = useMutation({
    mutationFn: (body: AdminBookUpdateBody) => booksApi.update(book.book_uuid, body),
    onSuccess: (saved) => {
      setDraft(draftOf(saved));
      onSaved(saved);
    },
  });
  const zoneProblem = isKnownZone(draft.timeZone) ? null : t('publishing.unknownZone');
  const serverErrors = save.error ? toFormErrors(save.error, { INVALID_TIME_ZONE: t('publishing.unknownZone') }) : null;
  const changes = changedSettings(book, draft);
  const edit = (change: Partial<PublishingDraft>) => {
    save.reset();
    setDraft((current) => ({ ...current, ...change }));
  };
  const toggleDay = (day: number) => edit({ days: draft.days.includes(day) ? draft.days.filter((d) => d !== day) : [...draft.days, day] });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (changes && !zoneProblem) save.mutate(changes);
  };
  const zoneError = zoneProblem ?? serverErrors?.fields['publishing.time_zone'];
  // Any other refusal (a field the form cannot get wrong, a lost book) is said above the button.
  const otherError = serverErrors
    ? (serverErrors.message ??
      (Object.entries(serverErrors.fields)
        .filter(([field]) => field !== 'publishing.time_zone')
        .map(([, message]) => message)
        .join(' ') ||
        null))
    : null;

  return (
    <form className={styles.card} onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('publishing.title')}</h2>
      <p className={styles.muted}>{t('publishing.help')}</p>
      <div className={local.grid}>
        <fieldset className={`${styles.field} ${local.choices}`}>
          <legend>{t('publishing.days')}</legend>
          {days.map(({ day, name }) => (
            <label key={day}>
              <input type="checkbox" checked={draft.days.includes(day)} onChange={() => toggleDay(day)} />
              {name}
            </label>
          ))}
        </fieldset>
        <div className={styles.field}>
          <label htmlFor={`${id}-time`}>{t('publishing.time')}</label>
          <input
            id={`${id}-time`}
            type="time"
            className={styles.input}
            value={draft.time}
            aria-describedby={`${id}-time-help`}
            onChange={(event) => edit({ time: event.target.value })}
          />
          <span id={`${id}-time-help`} className={styles.muted}>
            {t('publishing.timeHelp')}
          </span>
          <label htmlFor={`${id}-zone`}>{t('publishing.timeZone')}</label>
          <input
            id={`${id}-zone`}
            className={styles.input}
            list={`${id}-zones`}
            value={draft.timeZone}
            maxLength={64}
            aria-invalid={zoneError ? true : undefined}
            aria-describedby={zoneError ? `${id}-zone-error` : undefined}
            onChange={(event) => edit({ timeZone: event.target.value })}
          />
          <datalist id={`${id}-zones`}>
            {zones.map((zone) => (
              <option key={zone} value={zone} />
            ))}
          </datalist>
          <FieldError id={`${id}-zone-error`} message={zoneError} />
        </div>
      </div>
      <div className={styles.field}>
        <label>
          <input
            type="checkbox"
            checked={draft.rankingExcluded}
            aria-describedby={`${id}-ranking-help`}
            onChange={(event) => edit({ rankingExcluded: event.target.checked })}
          />
          {t('publishing.excludeFromRankings')}
        </label>
        <span id={`${id}-ranking-help`} className={styles.muted}>
          {t('publishing.excludeHelp')}
        </span>
      </div>
      <button type="submit" className={styles.button} disabled={!changes || zoneProblem !== null || save.isPending}>
        {tAdmin('save')}
      </button>
      {save.isSuccess && (
        <p className={styles.success} role="status">
          {tAdmin('saved')}
        </p>
      )}
      <FormNotice message={otherError} />
    </form>
  );
}
