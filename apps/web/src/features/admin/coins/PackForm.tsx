import { useId, useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import styles from '../shell/admin.module.css';
import { FieldError, FormNotice } from '../shell/FieldError';
import { NO_ERRORS, toFormErrors, type FormErrors } from '../shell/form-errors';
import type { PackDraft } from './coin-drafts';

/** The error of a field the form shows as `name` (the price is typed in yuan, the server names price_fen). */
const serverField: Partial<Record<keyof PackDraft, string>> = { price: 'price_fen' };

/** A coin pack's fields, for a new pack or an edit. */
export function PackForm({
  initial,
  title,
  submitLabel,
  onSubmit,
  onCancel,
}: {
  initial: PackDraft;
  title: string;
  submitLabel: string;
  onSubmit: (draft: PackDraft) => Promise<unknown>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('admin-coins');
  const id = useId();
  const [draft, setDraft] = useState(initial);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await onSubmit(draft);
      setErrors(NO_ERRORS);
    } catch (error) {
      setErrors(toFormErrors(error));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: keyof PackDraft, props: InputHTMLAttributes<HTMLInputElement>) => {
    const error = errors.fields[serverField[name] ?? name];
    return (
      <div className={styles.field}>
        <label htmlFor={`${id}-${name}`}>{t(`packs.fields.${name}`)}</label>
        <input
          id={`${id}-${name}`}
          className={styles.input}
          value={draft[name]}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-${name}-error` : undefined}
          onChange={(event) => setDraft((d) => ({ ...d, [name]: event.target.value }))}
          {...props}
        />
        <FieldError id={`${id}-${name}-error`} message={error} />
      </div>
    );
  };
  const whole = (min: number, max: number, required = false): InputHTMLAttributes<HTMLInputElement> => ({
    type: 'number',
    inputMode: 'numeric',
    min,
    max,
    required,
  });

  return (
    <form className={styles.card} onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      <FormNotice message={errors.message} />
      {field('coins', whole(1, 1_000_000, true))}
      {field('bonus_coins', whole(0, 1_000_000))}
      {field('price', { type: 'number', inputMode: 'decimal', min: 0.01, step: 0.01, required: true })}
      {field('bonus_expiry_days', whole(1, 3650))}
      {field('stripe_payment_link', { dir: 'ltr', pattern: 'plink_[A-Za-z0-9_]{1,120}', placeholder: 'plink_…' })}
      {field('stripe_buy_button', { dir: 'ltr', pattern: 'buy_btn_[A-Za-z0-9_]{1,120}', placeholder: 'buy_btn_…' })}
      {field('sort_order', whole(0, 1000))}
      <button type="submit" className={styles.button} disabled={busy}>
        {submitLabel}
      </button>
      {onCancel && (
        <button type="button" className={styles.button} onClick={onCancel}>
          {t('packs.cancel')}
        </button>
      )}
    </form>
  );
}
