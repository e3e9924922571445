import { PROFILE_SECTIONS } from '@inkstream/contracts/routes';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { accountApi } from '../../lib/api-account';
import { ApiError } from '../../lib/api-client';
import { CopyButton } from './CopyButton';
import { PasswordField } from './PasswordField';
import { TextField } from './TextField';
import { normalizeCode } from './two-step-code';
import styles from '../../components/forms.module.css';
import profile from './profile.module.css';
import twoStep from './two-step.module.css';

type Step =
  | { kind: 'idle' }
  | { kind: 'password' }
  | { kind: 'scan'; secret: string; qrSvg: string }
  | { kind: 'codes'; codes: string[] }
  | { kind: 'disable' }
  | { kind: 'regenerate' };

/** Server error codes of the /user/totp/* calls → message keys of the twostep namespace. */
function errorKey(error: unknown): string {
  if (!(error instanceof ApiError)) return 'errors.failure';
  switch (error.code) {
    case 'WRONG_PASSWORD':
      return 'errors.wrongPassword';
    case 'INVALID_TOTP':
    case 'VALIDATION_FAILED':
      return 'errors.invalidCode';
    case 'RATE_LIMITED':
      return 'errors.rateLimited';
    case 'TOTP_ALREADY_ENABLED':
    case 'TOTP_NOT_ENABLED':
      return 'errors.changedElsewhere';
    default:
      return 'errors.failure';
  }
}

/** The QR code as an image: an SVG in an <img> cannot run anything, and CSP allows data: images. */
const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

function downloadCodes(codes: string[], fileName: string) {
  const url = URL.createObjectURL(new Blob([`${codes.join('\n')}\n`], { type: 'text/plain' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Profile section "Two-step sign-in" (issue 28): turn on with a QR code, recovery codes, turn off. */
export function TwoStepSection() {
  const { t } = useTranslation('twostep');
  const queryClient = useQueryClient();
  const me = useQuery({ queryKey: ['account', 'me'], queryFn: accountApi.me });
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [useRecovery, setUseRecovery] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sectionRef = useRef<HTMLElement>(null);
  // The console's "Set up two-step sign-in" link lands on /profile#two-step.
  const loaded = me.data !== undefined;
  useEffect(() => {
    if (loaded && window.location.hash === `#${PROFILE_SECTIONS.twoStep}`) sectionRef.current?.scrollIntoView({ block: 'start' });
  }, [loaded]);

  const go = (next: Step) => {
    setStep(next);
    setPassword('');
    setCode('');
    setUseRecovery(false);
    setError(null);
  };

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(t(errorKey(caught)));
    } finally {
      setBusy(false);
    }
  };

  const refreshMe = () => queryClient.invalidateQueries({ queryKey: ['account', 'me'] });

  const onPassword = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError(t('errors.passwordMissing'));
    void run(async () => {
      const setup = await accountApi.totpSetup(password);
      go({ kind: 'scan', secret: setup.secret, qrSvg: setup.qr_svg });
    });
  };

  const onEnable = (event: FormEvent) => {
    event.preventDefault();
    const totp = normalizeCode(code, false);
    if (!totp) return setError(t('errors.codeMissing'));
    void run(async () => {
      const { recovery_codes } = await accountApi.totpEnable(totp);
      go({ kind: 'codes', codes: recovery_codes });
      void refreshMe();
    });
  };

  const onDisable = (event: FormEvent) => {
    event.preventDefault();
    const second = normalizeCode(code, useRecovery);
    if (!password) return setError(t('errors.passwordMissing'));
    if (!second) return setError(t(useRecovery ? 'errors.recoveryMissing' : 'errors.codeMissing'));
    void run(async () => {
      await accountApi.totpDisable(password, second);
      go({ kind: 'idle' });
      await refreshMe();
    });
  };

  const onRegenerate = (event: FormEvent) => {
    event.preventDefault();
    const second = normalizeCode(code, useRecovery);
    if (!second) return setError(t(useRecovery ? 'errors.recoveryMissing' : 'errors.codeMissing'));
    void run(async () => {
      const { recovery_codes } = await accountApi.totpRecoveryCodes(second);
      go({ kind: 'codes', codes: recovery_codes });
    });
  };

  const enabled = me.data?.totp_enabled === true;
  const errorLine = error && (
    <p className={styles.error} role="alert">
      {error}
    </p>
  );
  const cancel = (
    <button type="button" className={styles.secondary} onClick={() => go({ kind: 'idle' })} disabled={busy}>
      {t('cancel')}
    </button>
  );
  const passwordField = (
    <PasswordField
      id="two-step-password"
      label={t('passwordLabel')}
      value={password}
      onChange={setPassword}
      autoComplete="current-password"
      disabled={busy}
    />
  );
  const codeField = (allowRecovery: boolean) => (
    <>
      <TextField
        key={useRecovery ? 'recovery' : 'code'}
        id="two-step-code"
        label={t(useRecovery ? 'recoveryLabel' : 'codeLabel')}
        value={code}
        onChange={setCode}
        dir="ltr"
        autoComplete={useRecovery ? 'off' : 'one-time-code'}
        inputMode={useRecovery ? 'text' : 'numeric'}
        autoCapitalize="none"
        spellCheck={false}
        maxLength={useRecovery ? 14 : 6}
        placeholder={useRecovery ? 'xxxx-xxxx-xxxx' : '123456'}
        disabled={busy}
      />
      {allowRecovery && (
        <button
          type="button"
          className={styles.linkButton}
          onClick={() => {
            setUseRecovery(!useRecovery);
            setCode('');
            setError(null);
          }}
        >
          {t(useRecovery ? 'useApp' : 'useRecovery')}
        </button>
      )}
    </>
  );

  return (
    <section ref={sectionRef} className={profile.section} aria-labelledby="two-step-title" id={PROFILE_SECTIONS.twoStep}>
      <h2 id="two-step-title" className={profile.sectionTitle}>
        {t('heading')}
      </h2>
      {me.isPending && <p role="status">{t('common:status.loading')}</p>}
      {me.isError && <p className={styles.error}>{t('common:status.error')}</p>}
      {me.data && step.kind === 'idle' && (
        <>
          <p className={profile.sectionText}>
            <span className={`${profile.badge} ${enabled ? profile.active : profile.none}`}>{t(enabled ? 'stateOn' : 'stateOff')}</span>{' '}
            {t(enabled ? 'descriptionOn' : 'descriptionOff')}
          </p>
          <div className={profile.buttonRow}>
            {enabled ? (
              <>
                <button type="button" className={styles.secondary} onClick={() => go({ kind: 'regenerate' })}>
                  {t('regenerate.open')}
                </button>
                <button type="button" className={styles.secondary} onClick={() => go({ kind: 'disable' })}>
                  {t('disable.open')}
                </button>
              </>
            ) : (
              <button type="button" className={styles.primary} onClick={() => go({ kind: 'password' })}>
                {t('enable.open')}
              </button>
            )}
          </div>
        </>
      )}
      {step.kind === 'password' && (
        <form onSubmit={onPassword} noValidate>
          <p className={profile.sectionText}>{t('enable.passwordIntro')}</p>
          {errorLine}
          {passwordField}
          <div className={styles.actions}>
            {cancel}
            <button type="submit" className={styles.primary} disabled={busy}>
              {t('enable.continue')}
            </button>
          </div>
        </form>
      )}
      {step.kind === 'scan' && (
        <form onSubmit={onEnable} noValidate>
          <ol className={twoStep.steps}>
            <li>{t('enable.scan')}</li>
            <li>{t('enable.enterCode')}</li>
          </ol>
          <div className={twoStep.scan}>
            <img className={twoStep.qr} src={svgDataUrl(step.qrSvg)} alt={t('enable.qrAlt')} width={200} height={200} />
            <div className={twoStep.manual}>
              <p className={twoStep.manualLabel}>{t('enable.manual')}</p>
              <code className={twoStep.secret} dir="ltr" data-testid="totp-secret">
                {step.secret.replace(/(.{4})/g, '$1 ').trim()}
              </code>
            </div>
          </div>
          {errorLine}
          {codeField(false)}
          <div className={styles.actions}>
            {cancel}
            <button type="submit" className={styles.primary} disabled={busy}>
              {t('enable.submit')}
            </button>
          </div>
        </form>
      )}
      {step.kind === 'codes' && (
        <div>
          <p className={styles.notice} role="status">
            {t('codes.intro')}
          </p>
          <ul className={twoStep.codes} dir="ltr" aria-label={t('codes.label')}>
            {step.codes.map((recovery) => (
              <li key={recovery}>
                <code>{recovery}</code>
              </li>
            ))}
          </ul>
          <div className={profile.buttonRow}>
            <CopyButton text={step.codes.join('\n')} label={t('codes.copy')} />
            <button type="button" className={styles.secondary} onClick={() => downloadCodes(step.codes, 'recovery-codes.txt')}>
              {t('codes.download')}
            </button>
          </div>
          <div className={`${styles.actions} ${styles.after}`}>
            <button type="button" className={styles.primary} onClick={() => go({ kind: 'idle' })}>
              {t('codes.saved')}
            </button>
          </div>
        </div>
      )}
      {step.kind === 'disable' && (
        <form onSubmit={onDisable} noValidate>
          <p className={profile.sectionText}>{t('disable.intro')}</p>
          {errorLine}
          {passwordField}
          {codeField(true)}
          <div className={styles.actions}>
            {cancel}
            <button type="submit" className={styles.primary} disabled={busy}>
              {t('disable.submit')}
            </button>
          </div>
        </form>
      )}
      {step.kind === 'regenerate' && (
        <form onSubmit={onRegenerate} noValidate>
          <p className={profile.sectionText}>{t('regenerate.intro')}</p>
          {errorLine}
          {codeField(true)}
          <div className={styles.actions}>
            {cancel}
            <button type="submit" className={styles.primary} disabled={busy}>
              {t('regenerate.submit')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
