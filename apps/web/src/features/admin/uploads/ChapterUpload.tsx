import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type DragEvent, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import styles from './upload.module.css';
import admin from '../shell/admin.module.css';
import { FieldError, FormNotice } from '../shell/FieldError';
import { NO_ERRORS, toFormErrors, type FormErrors } from '../shell/form-errors';
import { ImportJobView } from './ImportJobView';
import { importsApi, sendUpload, type UploadHandle } from './upload-api';
import { NO_RELEASE, ReleaseChoice, releaseFields, ReleaseSummary, type ReleaseDraft } from './ReleaseChoice';
import { ACCEPT, classifyFiles, formatBytes, totalBytes } from './upload-files';

/**
 * A book's chapter uploads: drop a .cbz/.zip/.epub or the images of one chapter, send them (a bar
 * shows the bytes going up), then follow the import job the server runs. After a reload the book's
 * recent uploads are listed again and a running one resumes showing its progress.
 */
export function ChapterUpload({ bookUuid }: { bookUuid: string }) {
  const { t, i18n } = useTranslation('admin-uploads');
  const queryClient = useQueryClient();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [firstNumber, setFirstNumber] = useState('');
  const [chapterTitle, setChapterTitle] = useState('');
  const [release, setRelease] = useState<ReleaseDraft>(NO_RELEASE);
  const [dragging, setDragging] = useState(false);
  const [sending, setSending] = useState<{ sent: number; total: number; handle: UploadHandle } | null>(null);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const jobs = useQuery({
    queryKey: ['admin', 'imports', 'book', bookUuid],
    queryFn: () => importsApi.list(bookUuid),
  });

  const choice = classifyFiles(files);
  const choiceError = choice.kind === 'invalid' ? t(`invalid.${choice.reason}`, { name: choice.name ?? '' }) : null;

  const choose = (list: FileList | null) => {
    setFiles(list ? [...list] : []);
    setErrors(NO_ERRORS);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (choice.kind !== 'archive' && choice.kind !== 'images') {
      setErrors({ fields: {}, message: choiceError ?? t('invalid.empty') });
      return;
    }
    const chosen = releaseFields(release);
    if (chosen === null) {
      setErrors({ fields: { publish_at: release.mode === null ? t('release.required') : t('release.badDate') }, message: null });
      return;
    }
    setErrors(NO_ERRORS);
    const handle = sendUpload({ bookUuid, firstNumber, chapterTitle, ...chosen }, choice.files, (sent, total) =>
      setSending((current) => (current ? { ...current, sent, total } : current)),
    );
    setSending({ sent: 0, total: totalBytes(choice.files), handle });
    try {
      await handle.done;
      setFiles([]);
      setFirstNumber('');
      setChapterTitle('');
      setRelease(NO_RELEASE);
      if (input.current) input.current.value = '';
      await queryClient.invalidateQueries({ queryKey: ['admin', 'imports', 'book', bookUuid] });
    } catch (error) {
      setErrors(toFormErrors(error, { RELEASE_TIME_PAST: t('release.past') }));
    } finally {
      setSending(null);
    }
  };

  const sentPercent = sending && sending.total > 0 ? Math.floor((sending.sent / sending.total) * 100) : 0;
  const fileError = errors.fields.files ?? choiceError ?? undefined;

  return (
    <section className={styles.panel} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>{t('title')}</h2>
      <form onSubmit={(event) => void submit(event)} noValidate>
        <div
          className={styles.dropzone}
          data-dragging={dragging || undefined}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          <label htmlFor={`${id}-files`}>{t('drop')}</label>
          <input
            ref={input}
            id={`${id}-files`}
            type="file"
            multiple
            accept={ACCEPT}
            disabled={sending !== null}
            aria-describedby={`${id}-files-hint ${id}-files-error`}
            onChange={(event) => choose(event.target.files)}
          />
          <p id={`${id}-files-hint`} className={admin.muted}>
            {files.length === 0 ? t('hint') : t('chosen', { count: files.length, size: formatBytes(totalBytes(files), i18n.language) })}
          </p>
          <FieldError id={`${id}-files-error`} message={fileError} />
        </div>
        <div className={styles.options}>
          <div className={admin.field}>
            <label htmlFor={`${id}-number`}>{t('firstNumber')}</label>
            <input
              id={`${id}-number`}
              className={admin.input}
              inputMode="numeric"
              value={firstNumber}
              onChange={(event) => setFirstNumber(event.target.value)}
              aria-describedby={`${id}-number-error`}
              aria-invalid={errors.fields.first_number ? true : undefined}
            />
            <FieldError id={`${id}-number-error`} message={errors.fields.first_number} />
          </div>
          <div className={admin.field}>
            <label htmlFor={`${id}-title`}>{t('chapterTitle')}</label>
            <input
              id={`${id}-title`}
              className={admin.input}
              maxLength={255}
              value={chapterTitle}
              onChange={(event) => setChapterTitle(event.target.value)}
              aria-describedby={`${id}-title-error`}
              aria-invalid={errors.fields.chapter_title ? true : undefined}
            />
            <FieldError id={`${id}-title-error`} message={errors.fields.chapter_title} />
          </div>
        </div>
        <ReleaseChoice
          value={release}
          onChange={(next) => {
            // A new choice answers "choose when…": its message goes (a time's own check comes on sending).
            if (next.mode !== release.mode) {
              setErrors((current) => {
                const { publish_at: _publishAt, release: _release, ...fields } = current.fields;
                return { ...current, fields };
              });
            }
            setRelease(next);
          }}
          error={errors.fields.publish_at ?? errors.fields.release}
          disabled={sending !== null}
        />
        <ReleaseSummary id={`${id}-release-summary`} value={release} />
        <FormNotice message={errors.message} />
        {sending ? (
          <div className={styles.progressRow}>
            <label htmlFor={`${id}-sending`}>{t('sending', { percent: sentPercent })}</label>
            <progress id={`${id}-sending`} max={100} value={sentPercent}>
              {sentPercent}%
            </progress>
            <button type="button" className={`${admin.button} ${admin.secondary}`} onClick={() => sending.handle.abort()}>
              {t('cancel')}
            </button>
          </div>
        ) : (
          <button
            type="submit"
            className={admin.button}
            disabled={choice.kind !== 'archive' && choice.kind !== 'images'}
            aria-describedby={`${id}-release-summary`}
          >
            {t('upload')}
          </button>
        )}
      </form>
      <h3 className={styles.recentHeading}>{t('recent')}</h3>
      <FormNotice message={jobs.error ? jobs.error.message : null} />
      {jobs.data && jobs.data.items.length === 0 && <p className={admin.muted}>{t('none')}</p>}
      <div className={styles.jobList}>
        {jobs.data?.items.map((job) => (
          <ImportJobView key={job.job_uuid} job={job} />
        ))}
      </div>
    </section>
  );
}
