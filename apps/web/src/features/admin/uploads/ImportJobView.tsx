import type { ImportJob } from '@inkstream/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import styles from './upload.module.css';
import { formatDateTime, formatNumber } from '../shell/format';
import { importsApi } from './upload-api';

const isActive = (job: ImportJob | undefined) => job?.state === 'queued' || job?.state === 'running';

/**
 * One upload's job: polled every second while it is queued or running, a <progress> bar with
 * "Chapter 2 of 5 · 37 pages", then the import's summary (chapters imported, skipped, refused and why).
 */
export function ImportJobView({ job: initial }: { job: ImportJob }) {
  const { t } = useTranslation('admin-uploads');
  const queryClient = useQueryClient();
  const id = useId();
  const query = useQuery({
    queryKey: ['admin', 'imports', 'job', initial.job_uuid],
    queryFn: () => importsApi.get(initial.job_uuid),
    initialData: initial,
    refetchInterval: (current) => (isActive(current.state.data) ? 1000 : false),
  });
  const job = query.data;
  const sawRunning = useRef(isActive(initial));
  useEffect(() => {
    if (isActive(job)) sawRunning.current = true;
    else if (sawRunning.current && job.state === 'succeeded') {
      sawRunning.current = false;
      // The book's page, its chapter table and the books list show the new chapters.
      for (const key of ['books', 'book', 'chapters']) void queryClient.invalidateQueries({ queryKey: ['admin', key] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'imports', 'book'] });
    }
  }, [job, queryClient]);

  const progress = job.progress;
  const percent = job.state === 'succeeded' ? 100 : (progress?.percent ?? 0);
  const chapterNow = progress ? Math.min(progress.chapters_done + (isActive(job) ? 1 : 0), progress.chapters_total) : 0;
  const result = job.result;

  return (
    <article className={styles.job} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`} className={styles.jobTitle}>
        <span>{job.files.length === 1 ? job.files[0] : t('files', { count: job.files.length })}</span>
        <span className={styles.state} data-state={job.state}>
          {t(`state.${job.state}`)}
        </span>
      </h3>
      <p className={styles.muted}>
        {formatDateTime(job.created_at)}
        {/* Older jobs carry no choice: they were published at once, as "now" says. */}
        {' · '}
        {job.release?.mode === 'at'
          ? t('jobRelease.at', { when: formatDateTime(job.release.publish_at) })
          : t(`jobRelease.${job.release?.mode ?? 'now'}`)}
      </p>
      {isActive(job) && (
        <div className={styles.progressRow}>
          <label htmlFor={`${id}-progress`}>
            {progress && progress.chapters_total > 0
              ? t('progress.chapter', {
                  current: chapterNow,
                  total: progress.chapters_total,
                  pages: formatNumber(progress.pages_done),
                  count: progress.pages_done,
                })
              : t(`phase.${progress?.phase ?? 'queued'}`)}
          </label>
          <progress id={`${id}-progress`} max={100} value={percent}>
            {percent}%
          </progress>
        </div>
      )}
      {job.state === 'failed' && (
        <p className={styles.alert} role="alert">
          {t('failed', { reason: job.error ?? '' })}
        </p>
      )}
      {result && (
        <div className={styles.summary}>
          <p>{t('summary', { added: result.added, skipped: result.skipped, failed: result.failed })}</p>
          <ul>
            {result.chapters.map((chapter) => (
              <li key={`${chapter.number}-${chapter.title}`} data-status={chapter.status}>
                {chapter.status === 'skipped' && chapter.requested_number !== undefined
                  ? // The number typed for it is not silently dropped (issue 40).
                    t('chapter.skippedAs', { number: chapter.requested_number, existing: chapter.number, title: chapter.title })
                  : t(`chapter.${chapter.status}`, { number: chapter.number, title: chapter.title })}
                {chapter.reason && <span className={styles.reason}> — {chapter.reason}</span>}
              </li>
            ))}
          </ul>
          {result.warnings.length > 0 && (
            <details>
              <summary>{t('warnings', { count: result.warnings.length })}</summary>
              <ul>
                {result.warnings.map((warning) => (
                  <li key={warning}>{warning}</li>
                ))}
              </ul>
            </details>
          )}
        </div>
      )}
      {query.error && (
        <p className={styles.alert} role="alert">
          {query.error.message}
        </p>
      )}
    </article>
  );
}
