import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import styles from '../shell/admin.module.css';
import { FieldError, FormNotice } from '../shell/FieldError';
import { NO_ERRORS, toFormErrors, type FormErrors } from '../shell/form-errors';

type Unit = 'days' | 'months';
const MAX: Record<Unit, number> = { days: 3650, months: 120 };

/** Adds N days or months of membership, with a reason for the audit log. */
export function GrantForm({ onGrant }: { onGrant: (body: { days?: number; months?: number; reason: string }) => Promise<unknown> }) {
  const { t } = useTranslation('admin-readers');
  const { t: common } = useTranslation('admin');
  const id = useId();
  const [amount, setAmount] = useState('30');
  const [unit, setUnit] = useState<Unit>('days');
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [done, setDone] = useState(false);
  const amountError = errors.fields.days ?? errors.fields.months;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setDone(false);
    try {
      await onGrant({ [unit]: Number(amount), reason: reason.trim() });
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
      <h3 id={`${id}-title`}>{t('grant.title')}</h3>
      <FormNotice message={errors.message} />
      <div className={styles.field}>
        <label htmlFor={`${id}-amount`}>{t('grant.amount')}</label>
        <input
          id={`${id}-amount`}
          className={styles.input}
          type="number"
          inputMode="numeric"
          min={1}
          max={MAX[unit]}
          required
          value={amount}
          aria-invalid={amountError ? true : undefined}
          aria-describedby={amountError ? `${id}-amount-error` : undefined}
          onChange={(event) => setAmount(event.target.value)}
        />
        <FieldError id={`${id}-amount-error`} message={amountError} />
      </div>
      <div className={styles.field}>
        <label htmlFor={`${id}-unit`}>{t('grant.unit')}</label>
        <select id={`${id}-unit`} className={styles.input} value={unit} onChange={(event) => setUnit(event.target.value as Unit)}>
          <option value="days">{t('grant.days')}</option>
          <option value="months">{t('grant.months')}</option>
        </select>
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
      <button type="submit" className={styles.button} disabled={busy}>
        {t('grant.submit')}
      </button>
      {done && (
        <p className={styles.success} role="status">
          {common('saved')}
        </p>
      )}
    </form>
  );
}
