import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import styles from '../shell/admin.module.css';
import { FieldError, FormNotice } from '../shell/FieldError';
import { formatNumber } from '../shell/format';
import { ReasonField, SavedNote, useReasonAction } from '../readers/reason-action';
import { coinsApi } from './coins-api';

/** "Give coins" on a reader's screen: N coins with a reason the reader's history and the audit log keep. */
export function CoinGrantForm({ userUuid }: { userUuid: string }) {
  const { t } = useTranslation('admin-coins');
  const id = useId();
  const [coins, setCoins] = useState('100');
  const [balance, setBalance] = useState<number | null>(null);
  const action = useReasonAction();
  const error = action.errors.fields.coins;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void action.send(async (reason) => setBalance((await coinsApi.grant(userUuid, { coins: Number(coins), reason })).balance));
  };

  return (
    <form className={styles.card} onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>{t('give.title')}</h3>
      <FormNotice message={action.errors.message} />
      <div className={styles.field}>
        <label htmlFor={`${id}-coins`}>{t('give.coins')}</label>
        <input
          id={`${id}-coins`}
          className={styles.input}
          type="number"
          inputMode="numeric"
          min={1}
          max={1000000}
          required
          value={coins}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-coins-error` : undefined}
          onChange={(event) => setCoins(event.target.value)}
        />
        <FieldError id={`${id}-coins-error`} message={error} />
      </div>
      <ReasonField id={id} action={action} />
      <button type="submit" className={styles.button} disabled={action.busy}>
        {t('give.submit')}
      </button>
      <SavedNote action={action} />
      {action.done && balance !== null && (
        <p className={styles.muted} role="status">
          {t('give.balance', { balance: formatNumber(balance) })}
        </p>
      )}
    </form>
  );
}
