import type { AdminChapterItem } from '@inkstream/contracts';
import { LANGUAGES } from '@inkstream/contracts/languages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import styles from '../shell/admin.module.css';
import { FieldError, FormNotice } from '../shell/FieldError';
import { toFormErrors } from '../shell/form-errors';
import { booksApi } from './books-api';
import { ChapterPriceField } from './ChapterPriceField';
import local from './books.module.css';
import { storeChapterAnswer } from './chapter-cache';

/** `YYYY-MM-DDTHH:mm` in the browser's time zone, as a datetime-local input wants it. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** A chapter's titles per language, its own price in coins and its scheduled release, edited under its row. */
export function ChapterRowEditor({ chapter, bookUuid, onDone }: { chapter: AdminChapterItem; bookUuid: string; onDone: () => void }) {
  const { t } = useTranslation('admin-books');
  const { t: tAdmin } = useTranslation('admin');
  const { t: tCommon } = useTranslation('common');
  const id = useId();
  const [titles, setTitles] = useState<Record<string, string>>({ ...chapter.titles });
  const [when, setWhen] = useState(toLocalInput(chapter.publish_at));
  const client = useQueryClient();
  // The server's answer is what the table (and an Edit opened again) shows, before the refetch.
  const stored = (answer: AdminChapterItem) => {
    storeChapterAnswer(client, bookUuid, chapter.chapter_uuid, answer);
    onDone();
  };
  const save = useMutation({
    mutationFn: () =>
      booksApi.setChapterTitles(
        chapter.chapter_uuid,
        Object.fromEntries(
          Object.entries(titles)
            .filter(([, title]) => title.trim() !== '')
            .map(([language, title]) => [language, title.trim()]),
        ),
      ),
    onSuccess: stored,
  });
  const schedule = useMutation({
    mutationFn: (value: string | null) => {
      const at = value === null ? null : new Date(value);
      if (at && Number.isNaN(at.getTime())) return Promise.reject(new Error(t('chapters.badDate')));
      return booksApi.scheduleChapter(chapter.chapter_uuid, at ? at.toISOString() : null);
    },
    onSuccess: stored,
  });
  const titleErrors = save.error ? toFormErrors(save.error) : null;
  const scheduleErrors = schedule.error ? toFormErrors(schedule.error, { RELEASE_TIME_PAST: t('chapters.past') }) : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate();
  };

  return (
    <div>
      <form className={local.titlesForm} onSubmit={submit}>
        {LANGUAGES.map((language) => (
          <div className={styles.field} key={language}>
            <label htmlFor={`${id}-${language}`}>{tCommon(`languages.${language}`)}</label>
            <input
              id={`${id}-${language}`}
              className={styles.input}
              lang={language}
              dir="auto"
              maxLength={200}
              value={titles[language] ?? ''}
              onChange={(event) => setTitles((current) => ({ ...current, [language]: event.target.value }))}
            />
            <FieldError id={`${id}-${language}-error`} message={titleErrors?.fields[`titles.${language}`]} />
          </div>
        ))}
        <FormNotice message={titleErrors?.message} />
        <button type="submit" className={`${styles.button} ${local.small}`} disabled={save.isPending}>
          {tAdmin('save')}
        </button>
      </form>
      <ChapterPriceField chapter={chapter} bookUuid={bookUuid} onDone={onDone} />
      {!chapter.is_published && (
        <div className={styles.field}>
          <label htmlFor={`${id}-when`}>{t('chapters.scheduleLabel')}</label>
          <div className={local.actions}>
            <input
              id={`${id}-when`}
              className={styles.input}
              type="datetime-local"
              step={1}
              value={when}
              aria-describedby={scheduleErrors?.fields.publish_at ? `${id}-when-error` : undefined}
              aria-invalid={scheduleErrors?.fields.publish_at ? true : undefined}
              onChange={(event) => setWhen(event.target.value)}
            />
            <button
              type="button"
              className={`${styles.button} ${local.small}`}
              disabled={!when || schedule.isPending}
              onClick={() => schedule.mutate(when)}
            >
              {t('chapters.schedule')}
            </button>
            {chapter.publish_at && (
              <button
                type="button"
                className={`${styles.secondary} ${local.small}`}
                disabled={schedule.isPending}
                onClick={() => schedule.mutate(null)}
              >
                {t('chapters.cancelSchedule')}
              </button>
            )}
          </div>
          <FieldError id={`${id}-when-error`} message={scheduleErrors?.fields.publish_at} />
          <FormNotice message={scheduleErrors?.message} />
        </div>
      )}
    </div>
  );
}
