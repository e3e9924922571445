import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { accountApi } from '../../lib/api-account';
import { ApiError } from '../../lib/api-client';
import { looksLikeEmail } from './email-validation';
import { PasswordField } from './PasswordField';
import { TextField } from './TextField';
import { TwoStepCodeField } from './TwoStepCodeField';
import styles from '../../components/forms.module.css';
import profile from './profile.module.css';

export const ME_QUERY_KEY = ['account', 'me'] as const;

type Problem = 'invalid' | 'taken' | 'tooMany' | 'failed' | 'fillPassword' | 'wrongPassword' | 'wrongCode';

const problemOf = (caught: unknown): Problem => {
  if (!(caught instanceof ApiError)) return 'failed';
  if (caught.code === 'WRONG_PASSWORD') return 'wrongPassword';
  if (caught.code === 'TOTP_REQUIRED' || caught.code === 'INVALID_TOTP') return 'wrongCode';
  if (caught.code === 'VALIDATION_FAILED' && caught.details.some((detail) => detail.field === 'totp_code')) return 'wrongCode';
  if (caught.code === 'VALIDATION_FAILED' && caught.details.some((detail) => detail.field === 'current_password')) return 'wrongPassword';
  if (caught.code === 'INVALID_EMAIL' || caught.code === 'VALIDATION_FAILED') return 'invalid';
  if (caught.code === 'EMAIL_TAKEN') return 'taken';
  if (caught.code === 'RATE_LIMITED') return 'tooMany';
  return 'failed';
};

/** Which field of the change form a problem belongs to (where it is shown and where focus goes). */
const FIELD_OF: Partial<Record<Problem, string>> = {
  invalid: 'email-address',
  taken: 'email-address',
  fillPassword: 'email-current-password',
  wrongPassword: 'email-current-password',
  wrongCode: 'email-code',
};

/**
 * The profile's E-mail section: the address and whether it is confirmed, a resend while it is
 * waiting, a form to add or change it (with the current password, and the two-step code when that
 * is on: the address is how the account is recovered), and a plain warning while the account
 * cannot be recovered: no address yet, or one still waiting for its link.
 */
export function EmailSection() {
  const { t } = useTranslation('recovery');
  const queryClient = useQueryClient();
  const { data, isPending, isError } = useQuery({ queryKey: ME_QUERY_KEY, queryFn: accountApi.me });
  const [editing, setEditing] = useState(false);
  const [value, setValue] = useState('');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<Problem | null>(null);
  const [sent, setSent] = useState<{ email: string; resent: boolean } | null>(null);

  const closeForm = () => {
    setEditing(false);
    setValue('');
    setPassword('');
    setCode('');
  };

  const save = async (email: string, resent: boolean, secrets: { currentPassword?: string; totpCode?: string } = {}) => {
    setPending(true);
    setProblem(null);
    try {
      const result = await accountApi.setEmail(email, secrets);
      queryClient.setQueryData(ME_QUERY_KEY, data ? { ...data, email: result.email, email_confirmed: result.email_confirmed } : data);
      setSent(result.email_confirmed ? null : { email: result.email, resent });
      closeForm();
    } catch (caught) {
      const found = problemOf(caught);
      setProblem(found);
      if (editing && FIELD_OF[found]) document.getElementById(FIELD_OF[found])?.focus();
    } finally {
      setPending(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const found: Problem | null = !looksLikeEmail(value) ? 'invalid' : password === '' ? 'fillPassword' : null;
    if (found) {
      setProblem(found);
      document.getElementById(FIELD_OF[found]!)?.focus();
      return;
    }
    const totpCode = code.replace(/\s+/g, '');
    void save(value.trim(), false, { currentPassword: password, ...(data?.totp_enabled && totpCode ? { totpCode } : {}) });
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
              {/* An address waiting for its link is not "no address": say so, and the resend is below. */}
              {data.email ? t('email.waiting') : t('email.unrecoverable')}
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
                error={problem && FIELD_OF[problem] === 'email-address' ? t(`email.errors.${problem}`) : undefined}
                autoComplete="email"
                autoCapitalize="none"
                spellCheck={false}
                maxLength={254}
                dir="ltr"
              />
              <PasswordField
                id="email-current-password"
                label={t('email.currentPassword')}
                hint={t('email.currentPasswordHint')}
                error={problem && FIELD_OF[problem] === 'email-current-password' ? t(`email.errors.${problem}`) : undefined}
                value={password}
                onChange={setPassword}
                autoComplete="current-password"
              />
              {data.totp_enabled && (
                <TwoStepCodeField
                  id="email-code"
                  label={t('email.code')}
                  hint={t('email.codeHint')}
                  error={problem === 'wrongCode' ? t('email.errors.wrongCode') : undefined}
                  value={code}
                  onChange={setCode}
                />
              )}
              {problem && !FIELD_OF[problem] && (
                <p className={styles.error} role="alert">
                  {t(`email.errors.${problem}`)}
                </p>
              )}
              <div className={profile.buttonRow}>
                <button type="submit" className={styles.primary} disabled={pending}>
                  {pending ? t('email.saving') : t('email.save')}
                </button>
                <button
                  type="button"
                  className={styles.secondary}
                  onClick={() => {
                    closeForm();
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
