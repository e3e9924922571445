import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import styles from '../shell/admin.module.css';
import { FieldError, FormNotice } from '../shell/FieldError';
import { NO_ERRORS, toFormErrors, type FormErrors } from '../shell/form-errors';

/**
 * Sets a reader's e-mail address (unconfirmed: a confirmation link goes to it, a confirmed old
 * address is told) or, left empty, removes it; with a reason for the audit log.
 */
export function EmailForm({
  current,
  onSubmit,
}: {
  current: string | null;
  onSubmit: (email: string | null, reason: string) => Promise<unknown>;
}) {
  const { t } = useTranslation('admin-readers');
  const { t: common } = useTranslation('admin');
  const id = useId();
  const [email, setEmail] = useState(current ?? '');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    setBusy(true);
    try {
      await onSubmit(email.trim() === '' ? null : email.trim(), reason.trim());
      setErrors(NO_ERRORS);
      setReason('');
      setDone(true);
    } catch (error) {
      setErrors(toFormErrors(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.card} onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('email.title')}</h3>
      <FormNotice message={errors.message} />
      <div className={styles.field}>
        <label htmlFor={`${id}-email`}>{t('email.field')}</label>
        <input
          id={`${id}-email`}
          className={styles.input}
          type="email"
          dir="ltr"
          maxLength={254}
          value={email}
          aria-describedby={`${id}-email-hint`}
          aria-invalid={errors.fields.email ? true : undefined}
          onChange={(event) => setEmail(event.target.value)}
        />
        <FieldError id={`${id}-email-error`} message={errors.fields.email} />
        <p id={`${id}-email-hint`} className={styles.muted}>
          {t('email.hint')}
        </p>
      </div>
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
      <button type="submit" className={styles.button} disabled={busy || reason.trim() === ''}>
        {email.trim() === '' ? t('email.clear') : t('email.submit')}
      </button>
      {done && (
        <p className={styles.success} role="status">
          {common('saved')}
        </p>
      )}
    </form>
  );
}
