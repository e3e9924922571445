import { useId } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { ApiError } from '../../lib/api-client';
import { useAuth } from '../auth';
import { READING_STATUSES, useReadingStatus, type ReadingStatus } from './reading-status';
import forms from '../../components/forms.module.css';
import styles from './BookActions.module.css';

/**
 * Issue 61: the book's reading status for a signed-in reader (reading, plan to read, on hold,
 * re-reading, completed, dropped, or none), as the server has it; a change shows when the server
 * took it, and a refusal in its own words. Visitors have no statuses: nothing is shown.
 */
export function StatusPicker({ bookUuid }: { bookUuid: string }) {
  const { t } = useTranslation('chapters');
  const { userUuid } = useAuth();
  const id = useId();
  const { status, change } = useReadingStatus(bookUuid, !!userUuid);
  if (!userUuid) return null;
  const current = (change.isPending ? change.variables : status?.status) ?? null;
  const refused =
    change.error instanceof ApiError && change.error.code === 'STATUS_LIMIT_REACHED' ? 'readingStatus.limit' : 'readingStatus.error';
  return (
    <div className={styles.status}>
      <label htmlFor={id} className={styles.statusLabel}>
        {t('readingStatus.label')}
      </label>
      <select
        id={id}
        className={styles.statusSelect}
        value={current ?? ''}
        disabled={status === undefined || change.isPending}
        onChange={(event) => change.mutate((event.target.value || null) as ReadingStatus | null)}
      >
        <option value="">{t('readingStatus.none')}</option>
        {READING_STATUSES.map((name) => (
          <option key={name} value={name}>
            {t(`readingStatus.names.${name}`)}
          </option>
        ))}
      </select>
      {change.isError && (
        <p className={forms.error} role="alert">
          {t(refused)}
        </p>
      )}
    </div>
  );
}

/** The end of a book's last chapter: "Mark as completed" (issue 61), then what the server answered. */
export function MarkCompleted({ bookUuid, isEnabled }: { bookUuid: string; isEnabled: boolean }) {
  const { t } = useTranslation('chapters');
  const { userUuid } = useAuth();
  const { status, change } = useReadingStatus(bookUuid, !!userUuid && isEnabled);
  if (!userUuid || status === undefined) return null;
  if (status.status === 'completed')
    return (
      <p className={styles.statusDone} role="status">
        {t('readingStatus.markedCompleted')}
      </p>
    );
  return (
    <>
      <button type="button" className={styles.follow} disabled={change.isPending} onClick={() => change.mutate('completed')}>
        {t('readingStatus.markCompleted')}
      </button>
      {change.isError && (
        <p className={forms.error} role="alert">
          {t('readingStatus.error')}
        </p>
      )}
    </>
  );
}
