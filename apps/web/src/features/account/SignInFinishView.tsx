import type { ExternalOutcome, LoginResult } from '@inkstream/contracts';
import { PAGE_PATTERNS } from '@inkstream/contracts/routes';
import { USERNAME_MAX, USERNAME_MIN, USERNAME_PATTERN } from '@inkstream/contracts/constants';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { usePageTitle } from '../../components/use-page-title';
import { useTranslation } from '../../i18n/use-translation';
import { externalSignInApi } from '../../lib/api-external-sign-in';
import { safeReturnPath } from '../../lib/return-path';
import { storeSignedInSession } from '../auth';
import { LegalConsent, useShownLegalVersions } from '../legal';
import { providerLabel, refusalCode, refusalWords } from './external-sign-in-words';
import { reloadTo } from './full-reload';
import { PasswordField } from './PasswordField';
import { TextField } from './TextField';
import { TwoStepCodeField } from './TwoStepCodeField';
import { normalizeCode } from './two-step-code';
import styles from '../../components/forms.module.css';

const USERNAME = new RegExp(USERNAME_PATTERN, 'u');
const validUsername = (name: string) => {
  const length = [...name.normalize('NFC')].length;
  return length >= USERNAME_MIN && length <= USERNAME_MAX && USERNAME.test(name.normalize('NFC'));
};

/** The session a provider sign-in ended in: stored as a password login stores it, then a full reload. */
async function enter(login: LoginResult, returnTo: string | null) {
  await storeSignedInSession(login);
  reloadTo(safeReturnPath(returnTo) ?? PAGE_PATTERNS.home);
}

/**
 * Issue 60: /sign-in/finish, where the server sends the browser back from an OpenID provider.
 * The fragment holds the one-time result (or the refusal's code); the page trades the result for
 * the session, or for the step the server asks next: the two-step code, a user name for a new
 * account, or the password of the account the provider's verified address belongs to. The
 * browser only shows what the server decided.
 */
export function SignInFinishView() {
  const { t } = useTranslation('external');
  usePageTitle(t('finish.title'));
  const navigate = useNavigate();
  const legalVersions = useShownLegalVersions();
  const [params] = useState(() => new URLSearchParams(window.location.hash.slice(1)));
  const code = params.get('result');
  const [outcome, setOutcome] = useState<ExternalOutcome | null>(null);
  const [refusal, setRefusal] = useState<string | null>(params.get('error') ?? (code ? null : 'EXTERNAL_RESULT_INVALID'));
  const [problem, setProblem] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [totp, setTotp] = useState('');
  const [separate, setSeparate] = useState(false);
  const asked = useRef(false);

  useEffect(() => {
    // The fragment leaves the address bar: a reload or a shared screen does not carry it on.
    window.history.replaceState(null, '', window.location.pathname);
    if (!code || asked.current) return;
    asked.current = true;
    externalSignInApi
      .outcome(code)
      .then(async (answer) => {
        if (answer.status === 'signed_in' && answer.login) return enter(answer.login, answer.return_to);
        if (answer.status === 'linked') {
          navigate(`${PAGE_PATTERNS.profile}#linked-providers`, {
            replace: true,
            state: { linkedProvider: providerLabel(t, answer.provider, answer.provider_name) },
          });
          return;
        }
        setUsername(answer.proposed_username ?? '');
        setOutcome(answer);
      })
      .catch((caught: unknown) => setRefusal(refusalCode(caught)));
  }, [code, navigate]);

  const run = async (call: () => Promise<LoginResult>) => {
    setPending(true);
    setProblem(null);
    try {
      await enter(await call(), outcome?.return_to ?? null);
    } catch (caught) {
      setProblem(refusalCode(caught));
      setPending(false);
    }
  };

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!outcome || !code) return;
    if (outcome.status === 'totp_required') {
      const totpCode = normalizeCode(totp, totp.includes('-') || totp.length > 6);
      if (!totpCode) return setProblem('codeMissing');
      return void run(() => externalSignInApi.twoStep(code, totpCode));
    }
    if (outcome.status === 'choose_username' || separate) {
      if (!validUsername(username.trim())) return setProblem('usernameInvalid');
      return void run(() => externalSignInApi.createAccount(code, username.trim(), legalVersions));
    }
    if (password === '') return setProblem('passwordMissing');
    const totpCode = totp.trim() === '' ? undefined : (normalizeCode(totp, totp.includes('-') || totp.length > 6) ?? undefined);
    return void run(() => externalSignInApi.linkWithPassword(code, password, totpCode));
  };

  if (refusal) {
    return (
      <div className={styles.page}>
        <div className={styles.card}>
          <h1 className={styles.heading}>{t('finish.title')}</h1>
          <p className={styles.error} role="alert" data-refusal={refusal}>
            {refusalWords(t, refusal)}
          </p>
          <Link to={PAGE_PATTERNS.login} className={`${styles.primary} ${styles.block}`}>
            {t('finish.backToLogin')}
          </Link>
        </div>
      </div>
    );
  }
  if (!outcome) {
    return (
      <div className={styles.page}>
        <p className={styles.notice} role="status">
          {t('finish.working')}
        </p>
      </div>
    );
  }

  const provider = providerLabel(t, outcome.provider, outcome.provider_name);
  const choosing = outcome.status === 'choose_username' || separate;
  const step = outcome.status === 'totp_required' ? 'code' : choosing ? 'choose' : 'link';
  return (
    <div className={styles.page}>
      <form className={styles.card} onSubmit={onSubmit} noValidate aria-labelledby="finish-title">
        <h1 id="finish-title" className={styles.heading}>
          {t(`${step}.title`)}
        </h1>
        <p className={styles.notice}>{t(`${step}.intro`, { provider, email: outcome.email ?? '' })}</p>
        {problem && (
          <p className={styles.error} role="alert">
            {refusalWords(t, problem)}
          </p>
        )}
        {step === 'choose' && (
          <>
            <TextField
              id="finish-username"
              label={t('choose.label')}
              hint={t('choose.hint')}
              value={username}
              onChange={setUsername}
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              maxLength={64}
              autoFocus
            />
            <LegalConsent className={styles.hint} />
          </>
        )}
        {step === 'link' && (
          <>
            <PasswordField
              id="finish-password"
              label={t('link.password')}
              value={password}
              onChange={setPassword}
              autoComplete="current-password"
            />
            <TwoStepCodeField id="finish-link-code" label={t('link.code')} value={totp} onChange={setTotp} />
          </>
        )}
        {step === 'code' && <TwoStepCodeField id="finish-code" label={t('code.label')} value={totp} onChange={setTotp} autoFocus />}
        <button type="submit" className={`${styles.primary} ${styles.block}`} disabled={pending}>
          {step === 'choose' ? (pending ? t('choose.submitting') : t('choose.submit')) : t(`${step}.submit`)}
        </button>
        {outcome.status === 'link_with_password' && !separate && (
          <button
            type="button"
            className={styles.linkButton}
            onClick={() => {
              setSeparate(true);
              setProblem(null);
            }}
          >
            {t('link.orCreate')}
          </button>
        )}
      </form>
    </div>
  );
}
