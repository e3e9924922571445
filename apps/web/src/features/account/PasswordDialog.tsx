import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Dialog } from '../../components/Dialog';
import { accountApi } from '../../lib/api-account';
import { STORAGE_KEYS, writeStorage } from '../../lib/storage-keys';
import { PasswordField } from './PasswordField';
import { passwordErrorKey } from './password-error';
import { canSubmitNewPassword, validateNewPassword } from './password-validation';
import styles from '../../components/forms.module.css';

/** After success the dialog shows its message, then closes by itself (spec section 9). */
const PASSWORD_SUCCESS_CLOSE_MS = 1500;

/**
 * Password change (spec section 5) with one deviation: it asks for the current password too
 * (OWASP ASVS 2.1.6), which the API requires so that a stolen token cannot take the account over.
 */
export function PasswordDialog({ open, onClose }: { open: boolean; onClose(): void }) {
  const { t } = useTranslation('profile');
  return (
    <Dialog open={open} onClose={onClose} title={t('password.title')}>
      <PasswordForm onDone={onClose} />
    </Dialog>
  );
}

type Message = { kind: 'error' | 'success'; text: string } | null;

/** Mounted only while the dialog is open, so closing or cancelling clears every field and message. */
function PasswordForm({ onDone }: { onDone(): void }) {
  const { t } = useTranslation('profile');
  const [current, setCurrent] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [message, setMessage] = useState<Message>(null);
  // While the error states the length rule, the hint under the field would say it a second time.
  const [ruleBroken, setRuleBroken] = useState(false);
  const [status, setStatus] = useState<'idle' | 'saving' | 'done'>('idle');
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateNewPassword(password, confirmation);
    setRuleBroken(problem === 'tooShort' || problem === 'tooLong');
    if (problem) {
      setMessage({ kind: 'error', text: t(`password.errors.${problem}`) });
      return;
    }
    setStatus('saving');
    setMessage(null);
    try {
      const result = await accountApi.updatePassword({ new_password: password, current_password: current });
      // Every older token is now revoked: keep the session alive with the new one, even if the dialog was closed meanwhile.
      writeStorage(STORAGE_KEYS.token, result.jwt_token);
      setStatus('done');
      setMessage({ kind: 'success', text: t('password.success') });
      setCurrent('');
      setPassword('');
      setConfirmation('');
      closeTimer.current = setTimeout(onDone, PASSWORD_SUCCESS_CLOSE_MS);
    } catch (error) {
      setStatus('idle');
      const key = passwordErrorKey(error);
      setMessage({ kind: 'error', text: t(key === 'failure' ? 'password.failure' : `password.errors.${key}`) });
    }
  };

  const busy = status !== 'idle';
  return (
    <form onSubmit={onSubmit} noValidate>
      {message && (
        <p className={message.kind === 'error' ? styles.error : styles.success} role={message.kind === 'error' ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
      <PasswordField
        id="current-password"
        label={t('password.currentPassword')}
        placeholder={t('password.placeholderCurrent')}
        value={current}
        onChange={setCurrent}
        autoComplete="current-password"
        disabled={busy}
      />
      <PasswordField
        id="new-password"
        label={t('password.newPassword')}
        placeholder={t('password.placeholder')}
        hint={ruleBroken ? undefined : t('password.rule')}
        value={password}
        onChange={setPassword}
        autoComplete="new-password"
        disabled={busy}
      />
      <PasswordField
        id="new-password-again"
        label={t('password.confirmPassword')}
        placeholder={t('password.placeholderAgain')}
        value={confirmation}
        onChange={setConfirmation}
        autoComplete="new-password"
        disabled={busy}
      />
      <div className={styles.actions}>
        <button type="button" className={styles.secondary} onClick={onDone}>
          {t('password.cancel')}
        </button>
        <button type="submit" className={styles.primary} disabled={busy || !canSubmitNewPassword(current, password, confirmation)}>
          {status === 'saving' ? t('password.submitting') : t('password.submit')}
        </button>
      </div>
    </form>
  );
}
