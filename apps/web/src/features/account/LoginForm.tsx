import { PAGE_PATTERNS } from '@inkstream/contracts/routes';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, Navigate, useLocation, useSearchParams } from 'react-router';
import { RETURN_PARAM, safeReturnPath, withReturn } from '../../lib/return-path';
import { removeStorage, STORAGE_KEYS, writeStorage } from '../../lib/storage-keys';
import { useAuth } from '../auth';
import { reloadTo } from './full-reload';
import { PasswordField } from './PasswordField';
import { ProviderButtons } from './ProviderButtons';
import type { LoginLocationState } from './login-reason';
import { validateLogin } from './register-validation';
import { TextField } from './TextField';
import { normalizeCode } from './two-step-code';
import { PasskeySignIn } from './PasskeySignIn';
import { useAuthErrorText } from './use-auth-error-text';
import { UsernameField } from './UsernameField';
import { usePageTitle } from '../../components/use-page-title';
import styles from '../../components/forms.module.css';

export function LoginForm() {
  const { t } = useTranslation('auth');
  const { t: tt } = useTranslation('twostep');
  const { userUuid, error, errorCode, login, setError } = useAuth();
  const errorText = useAuthErrorText();
  usePageTitle(t('login.title'));
  const handedOver = useLocation().state as LoginLocationState | null;
  const registered = handedOver?.registered;
  const registeredEmail = handedOver?.registeredEmail;
  const reason = handedOver?.reason === 'like' ? 'like' : undefined;
  // Where the reader was when asked to log in (a locked chapter, the profile): they go back there.
  const returnTo = safeReturnPath(useSearchParams()[0].get(RETURN_PARAM));
  const [username, setUsername] = useState(registered ?? '');
  const [password, setPassword] = useState('');
  const [missing, setMissing] = useState(false);
  const [pending, setPending] = useState(false);
  // Two-step sign-in: after the right password the server asks for the code (401 TOTP_REQUIRED).
  const [codeStep, setCodeStep] = useState(false);
  const [useRecovery, setUseRecovery] = useState(false);
  const [code, setCode] = useState('');
  // While a login is in flight the session appears in context; do not redirect before the full reload.
  const submitting = useRef(false);

  useEffect(() => () => setError(null), [setError]);

  // Spec section 2: a user with a stored user id does not see the login screen.
  if (userUuid && !submitting.current) return <Navigate to={returnTo ?? PAGE_PATTERNS.home} replace />;

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const totpCode = codeStep ? normalizeCode(code, useRecovery) : undefined;
    if (codeStep && !totpCode) {
      setError(null);
      setMissing(true);
      return;
    }
    if (validateLogin(username, password)) {
      setError(null);
      setMissing(true);
      return;
    }
    setMissing(false);
    setPending(true);
    submitting.current = true;
    if (await login(username.trim(), password, totpCode)) {
      // A full reload so every cached visitor-scoped answer is fetched again with the token.
      reloadTo(returnTo ?? PAGE_PATTERNS.home);
      return;
    }
    submitting.current = false;
    setPending(false);
  };

  // TOTP_REQUIRED is no failure: the form moves on to the code (see the effect below).
  const askedForCode = errorCode === 'TOTP_REQUIRED';
  useEffect(() => {
    if (askedForCode) setCodeStep(true);
  }, [askedForCode]);

  const message = missing
    ? codeStep
      ? tt(useRecovery ? 'login.recoveryMissing' : 'login.codeMissing')
      : t('errors.fillAll')
    : askedForCode
      ? null
      : errorCode === 'INVALID_TOTP'
        ? tt('login.invalid')
        : error
          ? errorText(error)
          : null;

  const switchCodeKind = () => {
    setUseRecovery((previous) => !previous);
    setCode('');
    setMissing(false);
    setError(null);
  };

  return (
    <div className={styles.page}>
      <form className={styles.card} onSubmit={onSubmit} noValidate aria-labelledby="login-title">
        <h1 id="login-title" className={styles.heading}>
          {t('login.title')}
        </h1>
        {registered && !message && (
          <p className={styles.notice} role="status">
            {registeredEmail ? t('login.registeredWithEmail', { email: registeredEmail }) : t('login.registered')}
          </p>
        )}
        {reason && !registered && !message && (
          <p className={styles.notice} role="status">
            {t(`login.reason.${reason}`)}
          </p>
        )}
        {message && (
          <p className={styles.error} role="alert">
            {message}
          </p>
        )}
        {codeStep && !message && (
          <p className={styles.notice} role="status">
            {tt(useRecovery ? 'login.recoveryPrompt' : 'login.codePrompt')}
          </p>
        )}
        {/* Issue 60: in Chinese, WeChat comes first, above the form (as WeChat Pay does on the profile). */}
        {!codeStep && <ProviderButtons returnTo={returnTo} part="lead" />}
        {codeStep ? (
          <>
            <TextField
              key={useRecovery ? 'recovery' : 'code'}
              id="login-totp-code"
              label={tt(useRecovery ? 'login.recoveryLabel' : 'login.codeLabel')}
              value={code}
              onChange={setCode}
              dir="ltr"
              autoFocus
              autoComplete={useRecovery ? 'off' : 'one-time-code'}
              inputMode={useRecovery ? 'text' : 'numeric'}
              pattern={useRecovery ? undefined : '[0-9]*'}
              autoCapitalize="none"
              spellCheck={false}
              maxLength={useRecovery ? 14 : 6}
              placeholder={useRecovery ? 'xxxx-xxxx-xxxx' : '123456'}
            />
            <button type="button" className={styles.linkButton} onClick={switchCodeKind}>
              {tt(useRecovery ? 'login.useApp' : 'login.useRecovery')}
            </button>
          </>
        ) : (
          <>
            <UsernameField id="login-username" value={username} onChange={setUsername} autoComplete="username webauthn" />
            <PasswordField
              id="login-password"
              label={t('fields.password')}
              value={password}
              onChange={setPassword}
              autoComplete="current-password"
            />
            <p className={styles.forgot}>
              <Link
                to={PAGE_PATTERNS.forgotPassword}
                // The reset page sends the reader back where this screen would have (the link may open on this device).
                onClick={() => (returnTo ? writeStorage(STORAGE_KEYS.resetReturn, returnTo) : removeStorage(STORAGE_KEYS.resetReturn))}
              >
                {t('recovery:forgot.link')}
              </Link>
            </p>
          </>
        )}
        <button type="submit" className={`${styles.primary} ${styles.block}`} disabled={pending}>
          {pending ? t('login.submitting') : t('login.submit')}
        </button>
        {/* Issue 60: passkeys (the button, and conditional UI on the user-name field). */}
        {!codeStep && <PasskeySignIn onSignedIn={() => reloadTo(returnTo ?? PAGE_PATTERNS.home)} />}
        {/* Issue 60: the other providers (OpenID; WeChat outside Chinese) under the form. */}
        {!codeStep && <ProviderButtons returnTo={returnTo} />}
        <div className={styles.footer}>
          <span>
            {t('login.noAccount')} <Link to={withReturn(PAGE_PATTERNS.register, returnTo)}>{t('login.registerLink')}</Link>
          </span>
          <Link to={PAGE_PATTERNS.home} className={styles.secondary}>
            {t('backHome')}
          </Link>
        </div>
      </form>
    </div>
  );
}
