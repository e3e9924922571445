import { PAGE_PATTERNS } from '@inkstream/contracts/routes';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { accountApi } from '../../lib/api-account';
import { ApiError } from '../../lib/api-client';
import { safeReturnPath, withReturn } from '../../lib/return-path';
import { readStorage, removeStorage, STORAGE_KEYS } from '../../lib/storage-keys';
import { useAuth } from '../auth';
import { reloadTo } from './full-reload';
import { validateNewPassword, type NewPasswordError } from './password-validation';
import { PasswordField } from './PasswordField';
import { usePageTitle } from '../../components/use-page-title';
import { FormAlert } from './FormAlert';
import styles from '../../components/forms.module.css';

/**
 * /reset-password?token=…: a new password twice (the rules and messages of the password change),
 * then a login with it and back where the reader was when they followed "Forgot password?"
 * (remembered on this device), else the profile.
 */
export function ResetPasswordForm() {
  const { t } = useTranslation('recovery');
  const { t: tp } = useTranslation('profile');
  const { login } = useAuth();
  const navigate = useNavigate();
  usePageTitle(t('reset.title'));
  const token = useSearchParams()[0].get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [invalid, setInvalid] = useState<NewPasswordError | null>(null);
  const [state, setState] = useState<'idle' | 'pending' | 'badToken' | 'tooMany' | 'failed'>('idle');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateNewPassword(password, confirmation);
    setInvalid(problem);
    if (problem) {
      document.getElementById(problem === 'mismatch' ? 'reset-confirm' : 'reset-password')?.focus();
      return;
    }
    setState('pending');
    let username: string;
    try {
      username = (await accountApi.resetPassword(token, password)).username;
    } catch (caught) {
      const code = caught instanceof ApiError ? caught.code : '';
      setState(code === 'INVALID_RESET_TOKEN' ? 'badToken' : code === 'RATE_LIMITED' ? 'tooMany' : 'failed');
      return;
    }
    const returnTo = safeReturnPath(readStorage(STORAGE_KEYS.resetReturn)) ?? PAGE_PATTERNS.profile;
    removeStorage(STORAGE_KEYS.resetReturn);
    // Every older session of the account ended with the reset; this login replaces this browser's.
    if (await login(username, password)) {
      reloadTo(returnTo);
      return;
    }
    // A second step (two-step sign-in) or a disabled account: the login screen says what is needed.
    navigate(withReturn(PAGE_PATTERNS.login, returnTo), { replace: true, state: { registered: username } });
  };

  if (!token) {
    return (
      <div className={styles.page}>
        <div className={styles.card}>
          <h1 className={styles.heading}>{t('reset.title')}</h1>
          <FormAlert>{t('reset.missing')}</FormAlert>
          <Link to={PAGE_PATTERNS.forgotPassword}>{t('reset.askAgain')}</Link>
        </div>
      </div>
    );
  }

  const fieldError = (field: 'password' | 'confirm') => {
    if (!invalid) return undefined;
    if (field === 'confirm') return invalid === 'mismatch' ? tp(`password.errors.${invalid}`) : undefined;
    return invalid === 'mismatch' ? undefined : tp(`password.errors.${invalid}`);
  };

  return (
    <div className={styles.page}>
      <form className={styles.card} onSubmit={onSubmit} noValidate aria-labelledby="reset-title">
        <h1 id="reset-title" className={styles.heading}>
          {t('reset.title')}
        </h1>
        {state === 'badToken' && (
          <FormAlert>
            {t('reset.invalid')} <Link to={PAGE_PATTERNS.forgotPassword}>{t('reset.askAgain')}</Link>
          </FormAlert>
        )}
        {state === 'tooMany' && <FormAlert>{t('forgot.tooMany')}</FormAlert>}
        {state === 'failed' && <FormAlert>{t('common:status.error')}</FormAlert>}
        <PasswordField
          id="reset-password"
          label={tp('password.newPassword')}
          // The rule before the reader types; once the error says it, the hint would say it twice.
          hint={invalid === 'tooShort' || invalid === 'tooLong' ? undefined : tp('password.rule')}
          error={fieldError('password')}
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
        />
        <PasswordField
          id="reset-confirm"
          label={tp('password.confirmPassword')}
          error={fieldError('confirm')}
          value={confirmation}
          onChange={setConfirmation}
          autoComplete="new-password"
        />
        <button type="submit" className={`${styles.primary} ${styles.block}`} disabled={state === 'pending' || state === 'badToken'}>
          {state === 'pending' ? t('reset.submitting') : t('reset.submit')}
        </button>
      </form>
    </div>
  );
}
