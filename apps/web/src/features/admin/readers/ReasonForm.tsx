import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import styles from '../shell/admin.module.css';
import { FormNotice } from '../shell/FieldError';
import { ReasonField, SavedNote, useReasonAction } from './reason-action';

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
  errorMessages,
}: {
  title: string;
  action: string;
  danger?: boolean;
  confirm?: string;
  onSubmit: (reason: string) => Promise<unknown>;
  /** The console's words for the server's stable error codes this action may meet. */
  errorMessages?: Partial<Record<string, string>>;
}) {
  const { t } = useTranslation('admin-readers');
  const { t: common } = useTranslation('admin');
  const id = useId();
  const [asking, setAsking] = useState(false);
  const change = useReasonAction();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (confirm && !asking) {
      change.setDone(false);
      setAsking(true);
      return;
    }
    await change.send(onSubmit, errorMessages);
    setAsking(false);
  };

  return (
    <form className={styles.card} onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{title}</h3>
      <FormNotice message={change.errors.message} />
      <ReasonField id={id} action={change} />
      {asking && confirm && (
        <p className={styles.notice} role="alert">
          {confirm}
        </p>
      )}
      <button type="submit" className={danger ? styles.danger : styles.button} disabled={change.busy || change.reason.trim() === ''}>
        {asking ? t('confirmAction', { action }) : action}
      </button>
      {asking && (
        <button type="button" className={styles.secondary} onClick={() => setAsking(false)}>
          {common('cancel')}
        </button>
      )}
      <SavedNote action={change} />
    </form>
  );
}
