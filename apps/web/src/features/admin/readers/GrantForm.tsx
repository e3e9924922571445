import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import styles from '../shell/admin.module.css';
import { FieldError, FormNotice } from '../shell/FieldError';
import { ReasonField, SavedNote, useReasonAction } from './reason-action';

type Unit = 'days' | 'months';
const MAX: Record<Unit, number> = { days: 3650, months: 120 };

/** Adds N days or months of membership, with a reason for the audit log. */
export function GrantForm({ onGrant }: { onGrant: (body: { days?: number; months?: number; reason: string }) => Promise<unknown> }) {
  const { t } = useTranslation('admin-readers');
  const id = useId();
  const [amount, setAmount] = useState('30');
  const [unit, setUnit] = useState<Unit>('days');
  const action = useReasonAction();
  const { errors } = action;
  const amountError = errors.fields.days ?? errors.fields.months;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void action.send((reason) => onGrant({ [unit]: Number(amount), reason }));
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
      <ReasonField id={id} action={action} />
      <button type="submit" className={styles.button} disabled={action.busy}>
        {t('grant.submit')}
      </button>
      <SavedNote action={action} />
    </form>
  );
}
