import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import styles from '../shell/admin.module.css';
import { FieldError, FormNotice } from '../shell/FieldError';
import { NO_ERRORS, toFormErrors, type FormErrors } from '../shell/form-errors';

/**
 * One action that needs a reason (revoke, disable, enable, role change). With `confirm`, the first
 * press asks again in words before anything is sent.
 */
export function ReasonForm({
  title,
  action,
  danger = false,
  confirm,
  onSubmit,
}: {
  title: string;
  action: string;
  danger?: boolean;
  confirm?: string;
  onSubmit: (reason: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('admin-readers');
  const { t: common } = useTranslation('admin');
  const id = useId();
  const [reason, setReason] = useState('');
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    if (confirm && !asking) {
      setAsking(true);
      return;
    }
    setBusy(true);
    try {
      await onSubmit(reason.trim());
      setErrors(NO_ERRORS);
      setReason('');
      setDone(true);
    } catch (error) {
      setErrors(toFormErrors(error));
    } finally {
      setBusy(false);
      setAsking(false);
    }
  };

  return (
    <form className={styles.card} onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{title}</h3>
      <FormNotice message={errors.message} />
      <div className={styles.field}>
        <label htmlFor={`${id}-reason`}>{t('reason')}</label>
        <input
          id={`${id}-reason`}
          className={styles.input}
          required
          maxLength={500}
          value={reason}
          aria-invalid={errors.fields.reason ? true : undefined}
          aria-describedby={errors.fields.reason ? `${id}-reason-error` : undefined}
          onChange={(event) => setReason(event.target.value)}
        />
        <FieldError id={`${id}-reason-error`} message={errors.fields.reason} />
      </div>
      {asking && confirm && (
        <p className={styles.notice} role="alert">
          {confirm}
        </p>
      )}
      <button type="submit" className={danger ? styles.danger : styles.button} disabled={busy || reason.trim() === ''}>
        {asking ? t('confirmAction', { action }) : action}
      </button>
      {asking && (
        <button type="button" className={styles.secondary} onClick={() => setAsking(false)}>
          {common('cancel')}
        </button>
      )}
      {done && (
        <p className={styles.success} role="status">
          {common('saved')}
        </p>
      )}
    </form>
  );
}
