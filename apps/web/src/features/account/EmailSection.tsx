import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { accountApi } from '../../lib/api-account';
import { ApiError } from '../../lib/api-client';
import { looksLikeEmail } from './email-validation';
import { TextField } from './TextField';
import styles from '../../components/forms.module.css';
import profile from './profile.module.css';

export const ME_QUERY_KEY = ['account', 'me'] as const;

type Problem = 'invalid' | 'taken' | 'tooMany' | 'failed';

const problemOf = (caught: unknown): Problem => {
  if (!(caught instanceof ApiError)) return 'failed';
  if (caught.code === 'INVALID_EMAIL' || caught.code === 'VALIDATION_FAILED') return 'invalid';
  if (caught.code === 'EMAIL_TAKEN') return 'taken';
  if (caught.code === 'RATE_LIMITED') return 'tooMany';
  return 'failed';
};

/**
 * The profile's E-mail section: the address and whether it is confirmed, a resend while it is
 * not, a form to add or change it, and, without a confirmed address, a plain warning that the
 * account cannot be recovered.
 */
export function EmailSection() {
  const { t } = useTranslation('recovery');
  const queryClient = useQueryClient();
  const { data, isPending, isError } = useQuery({ queryKey: ME_QUERY_KEY, queryFn: accountApi.me });
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [sent, setSent] = useState<{ email: string; resent: boolean } | null>(null);

  const save = async (email: string, resent: boolean) => {
    setPending(true);
    setProblem(null);
    try {
      const result = await accountApi.setEmail(email);
      queryClient.setQueryData(ME_QUERY_KEY, data ? { ...data, email: result.email, email_confirmed: result.email_confirmed } : data);
      setSent(result.email_confirmed ? null : { email: result.email, resent });
      setEditing(false);
      setValue('');
    } catch (caught) {
      setProblem(problemOf(caught));
    } finally {
      setPending(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!looksLikeEmail(value)) {
      setProblem('invalid');
      document.getElementById('email-address')?.focus();
      return;
    }
    void save(value.trim(), false);
  };

  return (
    <section className={profile.section} aria-labelledby="email-title">
      <h2 id="email-title" className={profile.sectionTitle}>
        {t('email.heading')}
      </h2>
      <p className={profile.sectionText}>{t('email.description')}</p>
      {isPending && <p role="status">{t('common:status.loading')}</p>}
      {isError && <p className={styles.error}>{t('common:status.error')}</p>}
      {data && (
        <>
          {!data.email_confirmed && (
            <p className={styles.warning} role="note">
              {t('email.unrecoverable')}
            </p>
          )}
          {data.email ? (
            // One box per pair, as in MembershipSummary: the grid places pairs side by side, not labels and values.
            <dl className={profile.summary}>
              <div>
                <dt>{t('email.address')}</dt>
                <dd className={profile.address} data-testid="email-address">
                  {/* Written left to right, but at the start of the line in an Arabic page too. */}
                  <bdi dir="ltr">{data.email}</bdi>
                </dd>
              </div>
              <div>
                <dt>{t('email.state')}</dt>
                <dd>
                  <span className={`${profile.badge} ${data.email_confirmed ? profile.active : profile.expired}`}>
                    {data.email_confirmed ? t('email.confirmed') : t('email.pending')}
                  </span>
                </dd>
              </div>
            </dl>
          ) : (
            <p className={profile.sectionText}>{t('email.none')}</p>
          )}
          {sent && (
            <p className={styles.success} role="status">
              {t(sent.resent ? 'email.resent' : 'email.sent', { email: sent.email })}
            </p>
          )}
          {problem && !editing && (
            <p className={styles.error} role="alert">
              {t(`email.errors.${problem}`)}
            </p>
          )}
          {editing ? (
            <form onSubmit={onSubmit} noValidate>
              <TextField
                id="email-address"
                type="email"
                label={t('email.field')}
                value={value}
                onChange={setValue}
                error={problem ? t(`email.errors.${problem}`) : undefined}
                autoComplete="email"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={254}
                dir="ltr"
              />
              <div className={profile.buttonRow}>
                <button type="submit" className={styles.primary} disabled={pending}>
                  {pending ? t('email.saving') : t('email.save')}
                </button>
                <button
                  type="button"
                  className={styles.secondary}
                  onClick={() => {
                    setEditing(false);
                    setProblem(null);
                  }}
                >
                  {t('email.cancel')}
                </button>
              </div>
            </form>
          ) : (
            <div className={profile.buttonRow}>
              {data.email && !data.email_confirmed && (
                <button type="button" className={styles.secondary} disabled={pending} onClick={() => void save(data.email!, true)}>
                  {t('email.resend')}
                </button>
              )}
              <button
                type="button"
                className={styles.secondary}
                onClick={() => {
                  setEditing(true);
                  setProblem(null);
                  setSent(null);
                }}
              >
                {data.email ? t('email.change') : t('email.add')}
              </button>
            </div>
          )}
        </>
      )}
    </section>
  );
}
