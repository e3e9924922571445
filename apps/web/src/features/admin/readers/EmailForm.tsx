import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import styles from '../shell/admin.module.css';
import { FieldError, FormNotice } from '../shell/FieldError';
import { ReasonField, SavedNote, useReasonAction } from './reason-action';

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
  const id = useId();
  const [email, setEmail] = useState(current ?? '');
  const action = useReasonAction();
  const { errors } = action;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void action.send((reason) => onSubmit(email.trim() === '' ? null : email.trim(), reason));
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
      <ReasonField id={id} action={action} />
      <button type="submit" className={styles.button} disabled={action.busy || action.reason.trim() === ''}>
        {email.trim() === '' ? t('email.clear') : t('email.submit')}
      </button>
      <SavedNote action={action} />
    </form>
  );
}
