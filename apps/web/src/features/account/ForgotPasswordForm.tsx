import { PAGE_PATTERNS } from '@inkstream/contracts/routes';
import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { accountApi } from '../../lib/api-account';
import { ApiError } from '../../lib/api-client';
import { TextField } from './TextField';
import { usePageTitle } from '../../components/use-page-title';
import { FormAlert } from './FormAlert';
import styles from '../../components/forms.module.css';

/**
 * /forgot-password: a user name or an address. The answer is the same whether or not an account
 * matched (the server always says 202), so the screen says what would happen, not what did.
 */
export function ForgotPasswordForm() {
  const { t } = useTranslation('recovery');
  usePageTitle(t('forgot.title'));
  const [login, setLogin] = useState('');
  const [state, setState] = useState<'idle' | 'pending' | 'sent' | 'missing' | 'tooMany' | 'failed'>('idle');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (login.trim() === '') {
      setState('missing');
      return;
    }
    setState('pending');
    try {
      await accountApi.forgotPassword(login.trim());
      setState('sent');
    } catch (caught) {
      setState(caught instanceof ApiError && caught.status === 429 ? 'tooMany' : 'failed');
    }
  };

  return (
    <div className={styles.page}>
      <form className={styles.card} onSubmit={onSubmit} noValidate aria-labelledby="forgot-title">
        <h1 id="forgot-title" className={styles.heading}>
          {t('forgot.title')}
        </h1>
        {state === 'sent' ? (
          <p className={styles.success} role="status">
            {t('forgot.sent')}
          </p>
        ) : (
          <>
            <p className={styles.text}>{t('forgot.intro')}</p>
            {state === 'missing' && <FormAlert>{t('forgot.fill')}</FormAlert>}
            {state === 'tooMany' && <FormAlert>{t('forgot.tooMany')}</FormAlert>}
            {state === 'failed' && <FormAlert>{t('common:status.error')}</FormAlert>}
            <TextField
              id="forgot-login"
              label={t('forgot.field')}
              value={login}
              onChange={setLogin}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={254}
            />
            <button type="submit" className={`${styles.primary} ${styles.block}`} disabled={state === 'pending'}>
              {state === 'pending' ? t('forgot.submitting') : t('forgot.submit')}
            </button>
            <p className={`${styles.hint} ${styles.after}`}>{t('forgot.noAddress')}</p>
          </>
        )}
        <div className={styles.footer}>
          <Link to={PAGE_PATTERNS.login}>{t('forgot.backToLogin')}</Link>
        </div>
      </form>
    </div>
  );
}
