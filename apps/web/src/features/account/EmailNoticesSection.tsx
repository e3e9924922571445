import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation';
import { noticesApi } from '../../lib/api-notices';
import type { EmailPreferences } from '@inkstream/contracts';
import styles from '../../components/forms.module.css';
import profile from './profile.module.css';
import notices from './email-notices.module.css';

const QUERY_KEY = ['account', 'email-preferences'];

/**
 * "Messages": the two e-mails a reader chooses (issue 28): membership reminders (on unless left)
 * and the daily digest of new chapters of followed books (off unless joined); and, with the
 * community on, replies to their comments by Web Push and in the digest (issue 31, on unless left). Receipts are always
 * sent; all of them only to a confirmed address, which the section says.
 */
export function EmailNoticesSection() {
  const { t } = useTranslation('notices');
  const queryClient = useQueryClient();
  const { data, isPending, isError } = useQuery({ queryKey: QUERY_KEY, queryFn: noticesApi.preferences });
  const save = useMutation({
    mutationFn: noticesApi.updatePreferences,
    onSuccess: (result) => queryClient.setQueryData(QUERY_KEY, result),
  });

  const toggle = (name: keyof EmailPreferences, checked: boolean) => save.mutate({ [name]: checked });
  const choice = (name: keyof EmailPreferences) => (
    <div className={notices.choice}>
      <input
        id={`notice-${name}`}
        type="checkbox"
        role="switch"
        className={notices.switch}
        checked={data?.[name] ?? false}
        disabled={!data || save.isPending}
        aria-describedby={`notice-${name}-hint`}
        onChange={(event) => toggle(name, event.target.checked)}
      />
      <div>
        <label htmlFor={`notice-${name}`} className={notices.label}>
          {t(`${name}.label`)}
        </label>
        <p id={`notice-${name}-hint`} className={notices.hint}>
          {t(`${name}.hint`)}
        </p>
      </div>
    </div>
  );

  return (
    <section className={profile.section} aria-labelledby="notices-title">
      <h2 id="notices-title" className={profile.sectionTitle}>
        {t('heading')}
      </h2>
      <p className={profile.sectionText}>{t('description')}</p>
      {isPending && <p role="status">{t('common:status.loading')}</p>}
      {isError && <p className={styles.error}>{t('common:status.error')}</p>}
      {data && (
        <>
          {choice('reminders')}
          {choice('digest')}
          {/* Issue 31: only with the community on (the server leaves the field out otherwise). */}
          {data.replies !== undefined && choice('replies')}
        </>
      )}
      <p className={notices.note}>{t('confirmedOnly')}</p>
      <p role="status" aria-live="polite" className={save.isError ? styles.error : notices.saved}>
        {save.isError ? t('saveFailed') : save.isSuccess ? t('saved') : ''}
      </p>
    </section>
  );
}
