import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../lib/api-client';
import { Dialog } from '../../components/Dialog';
import { useTranslation } from '../../i18n/use-translation';
import { passkeysApi } from '../../lib/api-passkeys';
import { passkeyErrorKey } from './passkey-sign-in';
import { PasswordField } from './PasswordField';
import { TwoStepCodeField } from './TwoStepCodeField';
import styles from '../../components/forms.module.css';
import profile from './profile.module.css';

/** The query of whether the account has a password (the "passkeys only" offer and the remove dialog). */
export const PASSWORD_STATE_KEY = ['account', 'password-state'];

/**
 * "Sign in with passkeys only (remove my password)" (issue 60, docs/ACCOUNTS.md "Passkeys"): the
 * current password (and the two-step code when the server asks for it), then the password is
 * gone. The server refuses without a passkey, or without a confirmed e-mail address or recovery
 * codes; each refusal has its own words.
 */
export function PasskeysOnlyAction() {
  const { t } = useTranslation('passkeys');
  const [open, setOpen] = useState(false);
  // Once the password is gone the section shows "passkeys only" in place of this action.
  return (
    <>
      <div className={profile.buttonRow}>
        <button type="button" className={styles.secondary} onClick={() => setOpen(true)}>
          {t('passkeysOnly.open')}
        </button>
      </div>
      <Dialog open={open} onClose={() => setOpen(false)} title={t('passkeysOnly.title')} description={t('passkeysOnly.text')}>
        {open && <PasskeysOnlyForm onCancel={() => setOpen(false)} onDone={() => setOpen(false)} />}
      </Dialog>
    </>
  );
}

function PasskeysOnlyForm({ onCancel, onDone }: { onCancel(): void; onDone(): void }) {
  const { t } = useTranslation('passkeys');
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [askCode, setAskCode] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: () => passkeysApi.removePassword(password, askCode ? code.trim() : undefined),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: PASSWORD_STATE_KEY });
      onDone();
    },
    onError: (caught) => {
      if (caught instanceof ApiError && (caught.code === 'TOTP_REQUIRED' || caught.code === 'INVALID_TOTP')) setAskCode(true);
      setError(t(passkeyErrorKey(caught)));
    },
  });
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) return setError(t('errors.passwordMissing'));
    remove.mutate();
  };
  return (
    <form onSubmit={onSubmit} noValidate>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <PasswordField
        id="passkeys-only-password"
        label={t('passkeysOnly.password')}
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
      />
      {askCode && <TwoStepCodeField id="passkeys-only-code" label={t('passkeysOnly.code')} value={code} onChange={setCode} />}
      <div className={profile.buttonRow}>
        <button type="submit" className={styles.primary} disabled={remove.isPending}>
          {t('passkeysOnly.confirm')}
        </button>
        <button type="button" className={styles.secondary} onClick={onCancel}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}
