import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import styles from '../shell/admin.module.css';
import { FieldError } from '../shell/FieldError';
import { NO_ERRORS, toFormErrors, type FormErrors } from '../shell/form-errors';

/**
 * The state every change to a reader shares (grant, e-mail, revoke, disable, enable, role): the
 * reason for the audit log, busy while sent, the server's errors by field, "saved" after it took it.
 */
export function useReasonAction() {
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [done, setDone] = useState(false);
  return {
    reason,
    setReason,
    busy,
    errors,
    done,
    setDone,
    /** Sends the change with the trimmed reason; on success the reason is cleared and "saved" shown. */
    send: async (change: (reason: string) => Promise<unknown>, translated?: Partial<Record<string, string>>) => {
      setDone(false);
      setBusy(true);
      try {
        await change(reason.trim());
        setErrors(NO_ERRORS);
        setReason('');
        setDone(true);
      } catch (error) {
        setErrors(toFormErrors(error, translated));
      } finally {
        setBusy(false);
      }
    },
  };
}

type ReasonAction = ReturnType<typeof useReasonAction>;

/** The reason's field, its error tied to it. */
export function ReasonField({ id, action }: { id: string; action: ReasonAction }) {
  const { t } = useTranslation('admin-readers');
  const error = action.errors.fields.reason;
  return (
    <div className={styles.field}>
      <label htmlFor={`${id}-reason`}>{t('reason')}</label>
      <input
        id={`${id}-reason`}
        className={styles.input}
        required
        maxLength={500}
        value={action.reason}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-reason-error` : undefined}
        onChange={(event) => action.setReason(event.target.value)}
      />
      <FieldError id={`${id}-reason-error`} message={error} />
    </div>
  );
}

/** "Saved", once the server took the change. */
export function SavedNote({ action }: { action: ReasonAction }) {
  const { t } = useTranslation('admin');
  if (!action.done) return null;
  return (
    <p className={styles.success} role="status">
      {t('saved')}
    </p>
  );
}
