import type { AdminCouponCreateBody } from '@inkstream/contracts';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import styles from '../shell/admin.module.css';
import { FieldError, FormNotice } from '../shell/FieldError';
import { NO_ERRORS, toFormErrors, type FormErrors } from '../shell/form-errors';

const EMPTY = { code: '', amount: '30', unit: 'days', max_redemptions: '', expires_at: '', note: '' };
type Draft = typeof EMPTY;

/** The body a filled form sends: empty optional fields are left out; a date means "through that day" (UTC). */
function toBody(draft: Draft): AdminCouponCreateBody {
  const body: AdminCouponCreateBody = { code: draft.code.trim(), [draft.unit]: Number(draft.amount) };
  if (draft.max_redemptions) body.max_redemptions = Number(draft.max_redemptions);
  if (draft.expires_at) body.expires_at = new Date(Date.parse(`${draft.expires_at}T00:00:00Z`) + 86_400_000).toISOString();
  if (draft.note.trim()) body.note = draft.note.trim();
  return body;
}

/** Creates a coupon; the server's message for each field appears next to it. */
export function CouponForm({ onCreate }: { onCreate: (body: AdminCouponCreateBody) => Promise<unknown> }) {
  const { t } = useTranslation('admin-coupons');
  const { t: common } = useTranslation('admin');
  const id = useId();
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [errors, setErrors] = useState<FormErrors>(NO_ERRORS);
  const [busy, setBusy] = useState(false);
  const [created, setCreated] = useState<string | null>(null);
  const set = (name: keyof Draft) => (event: { target: { value: string } }) => setDraft((d) => ({ ...d, [name]: event.target.value }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setCreated(null);
    try {
      const body = toBody(draft);
      await onCreate(body);
      setErrors(NO_ERRORS);
      setCreated(body.code.toUpperCase());
      setDraft(EMPTY);
    } catch (error) {
      setErrors(toFormErrors(error));
    } finally {
      setBusy(false);
    }
  };

  const field = (name: string, label: string, input: React.ReactNode) => (
    <div className={styles.field}>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      {input}
      <FieldError id={`${id}-${name}-error`} message={errors.fields[name]} />
    </div>
  );
  const described = (name: string) =>
    errors.fields[name] ? { 'aria-invalid': true as const, 'aria-describedby': `${id}-${name}-error` } : {};
  const amountName = draft.unit === 'days' ? 'days' : 'months';

  return (
    <form className={styles.card} onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('create.title')}</h2>
      <FormNotice message={errors.message} />
      {field(
        'code',
        t('create.code'),
        <input
          id={`${id}-code`}
          className={styles.input}
          required
          maxLength={64}
          value={draft.code}
          onChange={set('code')}
          {...described('code')}
        />,
      )}
      {field(
        amountName,
        t('create.amount'),
        <input
          id={`${id}-${amountName}`}
          className={styles.input}
          type="number"
          inputMode="numeric"
          min={1}
          required
          value={draft.amount}
          onChange={set('amount')}
          {...described(amountName)}
        />,
      )}
      {field(
        'unit',
        t('create.unit'),
        <select id={`${id}-unit`} className={styles.input} value={draft.unit} onChange={set('unit')}>
          <option value="days">{t('create.days')}</option>
          <option value="months">{t('create.months')}</option>
        </select>,
      )}
      {field(
        'max_redemptions',
        t('create.maxRedemptions'),
        <input
          id={`${id}-max_redemptions`}
          className={styles.input}
          type="number"
          inputMode="numeric"
          min={1}
          value={draft.max_redemptions}
          placeholder={t('create.unlimited')}
          onChange={set('max_redemptions')}
          {...described('max_redemptions')}
        />,
      )}
      {field(
        'expires_at',
        t('create.expires'),
        <input
          id={`${id}-expires_at`}
          className={styles.input}
          type="date"
          value={draft.expires_at}
          onChange={set('expires_at')}
          {...described('expires_at')}
        />,
      )}
      {field(
        'note',
        t('create.note'),
        <input
          id={`${id}-note`}
          className={styles.input}
          maxLength={255}
          value={draft.note}
          onChange={set('note')}
          {...described('note')}
        />,
      )}
      <button type="submit" className={styles.button} disabled={busy}>
        {t('create.submit')}
      </button>
      {created && (
        <p className={styles.success} role="status">
          {t('create.done', { code: created })}
        </p>
      )}
      {!created && busy && <span className={styles.muted}>{common('loading')}</span>}
    </form>
  );
}
