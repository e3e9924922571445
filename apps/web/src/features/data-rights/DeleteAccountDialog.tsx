import { PAGE_PATTERNS } from '@inkstream/contracts/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { startTransition, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Dialog } from '../../components/Dialog';
import { useTranslation } from '../../i18n/use-translation';
import { setAccountNotice } from '../../lib/account-notice';
import { accountApi } from '../../lib/api-account';
import { ApiError } from '../../lib/api-client';
import { dataRightsApi, type CommentsChoice, type DeletionConsequences } from '../../lib/api-data-rights';
import type { Language } from '../../lib/language';
import { PasswordField, TwoStepCodeField } from '../account';
import { useAuth } from '../auth';
import { whenOf } from './format';
import styles from '../../components/forms.module.css';
import local from './data-rights.module.css';

const DAY_MS = 86_400_000;

/** Which field a refusal belongs to, and its words (keys of the datarights namespace). */
type Problem = { field: 'password' | 'code' | 'form'; key: string };

function problemOf(error: unknown): Problem {
  if (!(error instanceof ApiError)) return { field: 'form', key: 'delete.errors.failure' };
  switch (error.code) {
    case 'WRONG_PASSWORD':
      return { field: 'password', key: 'delete.errors.wrongPassword' };
    case 'TOTP_REQUIRED':
      return { field: 'code', key: 'delete.errors.codeRequired' };
    case 'INVALID_TOTP':
      return { field: 'code', key: 'delete.errors.invalidCode' };
    case 'RATE_LIMITED':
      return { field: 'form', key: 'delete.errors.rateLimited' };
    default:
      return { field: 'form', key: 'delete.errors.failure' };
  }
}

/** "Delete my account" (issue 43): what will happen, said plainly, then the password (and code) to confirm. */
export function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('datarights');
  return (
    <Dialog open={open} onClose={onClose} title={t('delete.title')}>
      <DeleteAccountForm onCancel={onClose} />
    </Dialog>
  );
}

function Consequences({ facts, language }: { facts: DeletionConsequences; language: Language }) {
  const { t } = useTranslation('datarights');
  const { member_until: memberUntil, coins, paid_orders: paidOrders, reviews, ratings } = facts.consequences;
  const now = Date.now();
  return (
    <ul className={local.consequences} aria-label={t('delete.consequencesLabel')}>
      {memberUntil !== null && memberUntil > now && <li>{t('delete.membership', { date: whenOf(memberUntil, language) })}</li>}
      {coins > 0 && <li>{t('delete.coins', { count: coins })}</li>}
      {paidOrders > 0 && <li>{t('delete.payments', { count: paidOrders })}</li>}
      {reviews > 0 && <li>{t('delete.reviews', { count: reviews })}</li>}
      {ratings > 0 && <li>{t('delete.ratings', { count: ratings })}</li>}
      <li>{t('delete.erased')}</li>
      <li>{t('delete.signedOut')}</li>
      <li>{t('delete.grace', { days: facts.grace_days, date: whenOf(now + facts.grace_days * DAY_MS, language) })}</li>
      <li>{t('delete.mail')}</li>
    </ul>
  );
}

/** Mounted only while the dialog is open: closing it forgets the password and the choice. */
function DeleteAccountForm({ onCancel }: { onCancel(): void }) {
  const { t, i18n } = useTranslation('datarights');
  const { logout } = useAuth();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const facts = useQuery({ queryKey: ['account', 'deletion'], queryFn: dataRightsApi.deletionConsequences, staleTime: 0 });
  const me = useQuery({ queryKey: ['account', 'me'], queryFn: accountApi.me });
  const [comments, setComments] = useState<CommentsChoice>('remove');
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  // Two-step sign-in on: the code is asked too (and whenever the server says it is needed).
  const askCode = me.data?.totp_enabled === true || problem?.field === 'code';
  // The choice below is about comments only: reviews and ratings are always deleted (listed above).
  const written = facts.data ? facts.data.consequences.comments : 0;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const second = code.replace(/\s+/g, '');
    if (!password) return setProblem({ field: 'password', key: 'delete.errors.passwordMissing' });
    if (askCode && !second) return setProblem({ field: 'code', key: 'delete.errors.codeRequired' });
    setProblem(null);
    setBusy(true);
    try {
      const deletion = await dataRightsApi.requestDeletion({ password, comments, ...(askCode ? { code: second } : {}) });
      // The server revoked every token of the account: sign out here as the logout button does, and
      // say on the next page when the account goes.
      startTransition(() => {
        logout();
        navigate(PAGE_PATTERNS.home, { replace: true });
      });
      queryClient.clear();
      setAccountNotice({ kind: 'deletion-scheduled', eraseAt: deletion.erase_at });
    } catch (error) {
      setProblem(problemOf(error));
      setBusy(false);
    }
  };

  if (facts.isPending) return <p role="status">{t('common:status.loading')}</p>;
  if (facts.isError) return <p className={styles.error}>{t('common:status.error')}</p>;
  return (
    <form onSubmit={onSubmit} noValidate>
      <p className={local.text}>{t('delete.intro')}</p>
      <Consequences facts={facts.data} language={i18n.language} />
      <fieldset className={local.choice}>
        <legend>{t('delete.commentsLegend', { count: written })}</legend>
        <p className={local.text}>{t('delete.commentsDefault')}</p>
        {(['remove', 'keep'] as const).map((choice) => (
          <label key={choice}>
            <input
              type="radio"
              name="comments"
              value={choice}
              checked={comments === choice}
              onChange={() => setComments(choice)}
              disabled={busy}
            />
            {t(`delete.comments.${choice}`)}
          </label>
        ))}
      </fieldset>
      {problem?.field === 'form' && (
        <p className={styles.error} role="alert">
          {t(problem.key)}
        </p>
      )}
      <PasswordField
        id="delete-account-password"
        label={t('delete.password')}
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
        disabled={busy}
        error={problem?.field === 'password' ? t(problem.key) : undefined}
      />
      {askCode && (
        <TwoStepCodeField
          id="delete-account-code"
          label={t('delete.code')}
          hint={t('delete.codeHint')}
          value={code}
          onChange={setCode}
          disabled={busy}
          error={problem?.field === 'code' ? t(problem.key) : undefined}
        />
      )}
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={onCancel} disabled={busy}>
          {t('delete.cancel')}
        </button>
        <button type="submit" className={`${styles.primary} ${local.danger}`} disabled={busy}>
          {t('delete.submit')}
        </button>
      </div>
    </form>
  );
}
