import { PAGE_PATTERNS } from '@inkstream/contracts/routes';
import { useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { RETURN_PARAM, safeReturnPath, withReturn } from '../../lib/return-path';
import { useAuth } from '../auth';
import { PasswordField } from './PasswordField';
import { ProviderButtons } from './ProviderButtons';
import { looksLikeEmail } from './email-validation';
import { firstInvalidField, registerErrors, type RegisterErrors, type RegisterField } from './register-validation';
import { TextField } from './TextField';
import { useAuthErrorText } from './use-auth-error-text';
import { UsernameField } from './UsernameField';
import { usePageTitle } from '../../components/use-page-title';
import { LegalConsent, useShownLegalVersions } from '../legal';
import styles from '../../components/forms.module.css';

const FIELD_IDS: Record<RegisterField, string> = {
  username: 'register-username',
  password: 'register-password',
  confirmPassword: 'register-confirm',
};

export function RegisterForm() {
  const { t } = useTranslation('auth');
  const { t: tr } = useTranslation('recovery');
  const { error, register, setError } = useAuth();
  const errorText = useAuthErrorText();
  usePageTitle(t('register.title'));
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [email, setEmail] = useState('');
  const [emailInvalid, setEmailInvalid] = useState(false);
  const [inviteCode, setInviteCode] = useState(() => params.get('invite_code') ?? '');
  const returnTo = safeReturnPath(params.get(RETURN_PARAM));
  const [invalid, setInvalid] = useState<RegisterErrors>({});
  const [pending, setPending] = useState(false);
  // The versions of the terms and privacy pages the form links to: the account records them.
  const legalVersions = useShownLegalVersions();

  // Spec section 2: the authentication error is cleared on leaving the screen.
  useEffect(() => () => setError(null), [setError]);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = registerErrors({ username, password, confirmPassword });
    setInvalid(problems);
    const first = firstInvalidField(problems);
    const badEmail = email.trim() !== '' && !looksLikeEmail(email);
    setEmailInvalid(badEmail);
    if (first || badEmail) {
      setError(null);
      // Every problem is shown under its field; focus goes to the first, which reads out its message.
      document.getElementById(first ? FIELD_IDS[first] : 'register-email')?.focus();
      return;
    }
    setPending(true);
    const name = username.trim();
    const address = email.trim() || undefined;
    const ok = await register({ username: name, password, invite_code: inviteCode.trim() || undefined, email: address, ...legalVersions });
    setPending(false);
    // No automatic login (spec section 2): the login screen gets the name to prefill, and says
    // where the confirmation link went.
    if (ok) navigate(withReturn(PAGE_PATTERNS.login, returnTo), { state: { registered: name, registeredEmail: address } });
  };

  const message = error ? errorText(error) : null;
  const fieldError = (field: RegisterField) => (invalid[field] ? t(`errors.${invalid[field]}`) : undefined);

  return (
    <div className={styles.page}>
      <form className={styles.card} onSubmit={onSubmit} noValidate aria-labelledby="register-title">
        <h1 id="register-title" className={styles.heading}>
          {t('register.title')}
        </h1>
        {message && (
          <p className={styles.error} role="alert">
            {message}
          </p>
        )}
        {/* Issue 60: in Chinese, WeChat comes first, above the form. */}
        <ProviderButtons returnTo={returnTo} part="lead" />
        <UsernameField
          id={FIELD_IDS.username}
          hint={t('register.usernameHint')}
          error={fieldError('username')}
          value={username}
          onChange={setUsername}
        />
        <PasswordField
          id={FIELD_IDS.password}
          label={t('fields.password')}
          // The length rule is shown before the reader types (issue 40), then the spec's hint.
          hint={`${t('register.passwordRule')} ${t('register.passwordHint')}`}
          error={fieldError('password')}
          value={password}
          onChange={setPassword}
          autoComplete="new-password"
        />
        <PasswordField
          id={FIELD_IDS.confirmPassword}
          label={t('register.confirmPassword')}
          error={fieldError('confirmPassword')}
          value={confirmPassword}
          onChange={setConfirmPassword}
          autoComplete="new-password"
        />
        <TextField
          id="register-email"
          type="email"
          label={tr('register.email')}
          hint={tr('register.emailHint')}
          error={emailInvalid ? tr('email.errors.invalid') : undefined}
          value={email}
          onChange={setEmail}
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={254}
          dir="ltr"
        />
        <TextField
          id="register-invite"
          label={t('register.inviteCode')}
          value={inviteCode}
          onChange={setInviteCode}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={64}
        />
        <LegalConsent className={styles.hint} />
        <button type="submit" className={`${styles.primary} ${styles.block}`} disabled={pending}>
          {pending ? t('register.submitting') : t('register.submit')}
        </button>
        {/* Issue 60: register through the other providers (OpenID; WeChat outside Chinese). */}
        <ProviderButtons returnTo={returnTo} />
        <div className={styles.footer}>
          <span>
            {t('register.haveAccount')} <Link to={withReturn(PAGE_PATTERNS.login, returnTo)}>{t('register.loginLink')}</Link>
          </span>
        </div>
      </form>
    </div>
  );
}
