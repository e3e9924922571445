import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import styles from '../shell/admin.module.css';
import { FieldError, FormNotice } from '../shell/FieldError';
import { toFormErrors } from '../shell/form-errors';
import local from './moderation.module.css';
import { moderationApi } from './moderation-api';

/** Ban lengths the form offers, in days; 0 is "for good" (until: null). */
export const BAN_DAYS = [1, 7, 30, 365, 0] as const;

/** The ban's end sent to the server: now plus the days chosen, or null for good. */
export const banUntil = (days: number, now = Date.now()) => (days === 0 ? null : new Date(now + days * 86_400_000).toISOString());

/**
 * Bans a reader from commenting and rating: a reason (they see it), a length, optionally hiding
 * their comments of the last 7 days. The first press asks again in words.
 */
export function BanForm({ userUuid, username, onDone }: { userUuid: string; username: string; onDone?: () => void }) {
  const { t } = useTranslation('admin-moderation');
  const { t: common } = useTranslation('admin');
  const id = useId();
  const client = useQueryClient();
  const [reason, setReason] = useState('');
  const [days, setDays] = useState<number>(7);
  const [hideRecent, setHideRecent] = useState(false);
  const [asking, setAsking] = useState(false);
  const ban = useMutation({
    mutationFn: () => moderationApi.ban(userUuid, { reason: reason.trim(), until: banUntil(days), hide_recent_comments: hideRecent }),
    onSuccess: () => {
      setAsking(false);
      void client.invalidateQueries({ queryKey: ['admin', 'moderation'] });
      onDone?.();
    },
  });
  const errors = ban.error ? toFormErrors(ban.error) : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!asking) return setAsking(true);
    ban.mutate();
  };
  return (
    <form className={styles.card} onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('ban.title', { name: username })}</h3>
      <FormNotice message={errors?.message ?? null} />
      <div className={styles.field}>
        <label htmlFor={`${id}-reason`}>{t('ban.reason')}</label>
        <input
          id={`${id}-reason`}
          className={styles.input}
          required
          maxLength={500}
          value={reason}
          onChange={(event) => setReason(event.target.value)}
          aria-describedby={`${id}-reason-hint`}
        />
        <span id={`${id}-reason-hint`} className={styles.muted}>
          {t('ban.reasonHint')}
        </span>
        <FieldError id={`${id}-reason-error`} message={errors?.fields.reason} />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-days`}>{t('ban.length')}</label>
        <select id={`${id}-days`} className={styles.input} value={days} onChange={(event) => setDays(Number(event.target.value))}>
          {BAN_DAYS.map((d) => (
            <option key={d} value={d}>
              {d === 0 ? t('ban.forGood') : t('ban.days', { count: d })}
            </option>
          ))}
        </select>
      </div>
      <label className={local.check}>
        <input type="checkbox" checked={hideRecent} onChange={(event) => setHideRecent(event.target.checked)} />
        {t('ban.hideRecent')}
      </label>
      {asking && (
        <p className={styles.notice} role="alert">
          {days === 0 ? t('ban.confirmForGood', { name: username }) : t('ban.confirm', { name: username, count: days })}
        </p>
      )}
      <div className={local.actions}>
        <button type="submit" className={styles.danger} disabled={ban.isPending || reason.trim() === ''}>
          {asking ? t('ban.yes') : t('ban.submit')}
        </button>
        {asking && (
          <button type="button" className={styles.secondary} onClick={() => setAsking(false)}>
            {common('cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
