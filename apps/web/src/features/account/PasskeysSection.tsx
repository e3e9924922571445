import { PASSKEY_NAME_MAX, PASSKEYS_MAX } from '@inkstream/contracts/constants';
import { formatDateTime } from '@inkstream/contracts/formats';
import type { Passkey } from '@inkstream/contracts';
import { startAuthentication, startRegistration } from '@simplewebauthn/browser';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Dialog } from '../../components/Dialog';
import { useTranslation } from '../../i18n/use-translation';
import { passkeysApi } from '../../lib/api-passkeys';
import type { Language } from '../../lib/language';
import { passkeyErrorKey, passkeysUsableHere } from './passkey-sign-in';
import { PASSWORD_STATE_KEY, PasskeysOnlyAction } from './PasskeysOnly';
import { PasswordField } from './PasswordField';
import { TextField } from './TextField';
import styles from '../../components/forms.module.css';
import profile from './profile.module.css';
import list from './feed-keys.module.css';

const QUERY_KEY = ['account', 'passkeys'];

/** Asks for the current password, then removes the passkey: the session alone may not (docs/ACCOUNTS.md "Passkeys"). */
function RemoveDialog({ passkey, hasPassword, onClose }: { passkey: Passkey | null; hasPassword: boolean; onClose(): void }) {
  const { t } = useTranslation('passkeys');
  return (
    <Dialog
      open={passkey !== null}
      onClose={onClose}
      title={t('remove.title', { name: passkey?.name ?? '' })}
      description={t(hasPassword ? 'remove.text' : 'remove.textPasskey')}
    >
      {passkey &&
        (hasPassword ? <RemoveForm passkey={passkey} onDone={onClose} /> : <RemoveWithPasskey passkey={passkey} onDone={onClose} />)}
    </Dialog>
  );
}

/** An account without a password removes a passkey with a fresh answer of one of its passkeys. */
function RemoveWithPasskey({ passkey, onDone }: { passkey: Passkey; onDone(): void }) {
  const { t } = useTranslation('passkeys');
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: async () => {
      const optionsJSON = await passkeysApi.confirmOptions();
      const assertion = await startAuthentication({ optionsJSON });
      return passkeysApi.removeWithPasskey(passkey.id, assertion);
    },
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: QUERY_KEY });
      onDone();
    },
    onError: (caught) => setError(t(passkeyErrorKey(caught))),
  });
  return (
    <div>
      {error && (
        <p className={styles.error} role="alert">
          {error}
        </p>
      )}
      <div className={profile.buttonRow}>
        <button type="button" className={styles.primary} disabled={remove.isPending} onClick={() => remove.mutate()}>
          {t('remove.confirmPasskey')}
        </button>
        <button type="button" className={styles.secondary} onClick={onDone}>
          {t('cancel')}
        </button>
      </div>
    </div>
  );
}

function RemoveForm({ passkey, onDone }: { passkey: Passkey; onDone(): void }) {
  const { t } = useTranslation('passkeys');
  const queryClient = useQueryClient();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const remove = useMutation({
    mutationFn: () => passkeysApi.remove(passkey.id, password),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: QUERY_KEY });
      onDone();
    },
    onError: (caught) => setError(t(passkeyErrorKey(caught))),
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
        id="passkey-remove-password"
        label={t('remove.password')}
        value={password}
        onChange={setPassword}
        autoComplete="current-password"
      />
      <div className={profile.buttonRow}>
        <button type="submit" className={styles.primary} disabled={remove.isPending}>
          {t('remove.confirm')}
        </button>
        <button type="button" className={styles.secondary} onClick={onDone}>
          {t('cancel')}
        </button>
      </div>
    </form>
  );
}

/** One passkey: name, added, last used; rename in place; remove behind the password. */
function PasskeyRow({ entry, language, onRemove }: { entry: Passkey; language: Language; onRemove(): void }) {
  const { t } = useTranslation('passkeys');
  const queryClient = useQueryClient();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(entry.name);
  const rename = useMutation({
    mutationFn: () => passkeysApi.rename(entry.id, name.trim()),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: QUERY_KEY });
      setRenaming(false);
    },
  });
  const date = (iso: string) => formatDateTime(iso, language, { style: 'short' });
  if (renaming)
    return (
      <li className={list.key}>
        <form
          className={list.form}
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (name.trim() !== '') rename.mutate();
          }}
        >
          <TextField
            id={`passkey-rename-${entry.id}`}
            label={t('renameLabel')}
            value={name}
            onChange={setName}
            maxLength={PASSKEY_NAME_MAX}
            autoComplete="off"
            autoFocus
            error={name.trim() === '' ? t('errors.nameEmpty') : rename.isError ? t(passkeyErrorKey(rename.error)) : undefined}
          />
          <button type="submit" className={styles.primary} disabled={rename.isPending || name.trim() === ''}>
            {t('save')}
          </button>
          <button type="button" className={styles.secondary} onClick={() => setRenaming(false)}>
            {t('cancel')}
          </button>
        </form>
      </li>
    );
  return (
    <li className={list.key}>
      <div className={list.keyText}>
        <span className={list.name} dir="auto">
          {entry.name}
          {entry.backed_up ? ` · ${t('synced')}` : ''}
        </span>
        <span className={list.dates}>
          {t('added', { date: date(entry.created_at) })} ·{' '}
          {entry.last_used_at ? t('lastUsed', { date: date(entry.last_used_at) }) : t('neverUsed')}
        </span>
      </div>
      <div className={profile.buttonRow}>
        <button
          type="button"
          className={styles.secondary}
          onClick={() => setRenaming(true)}
          aria-label={t('renameNamed', { name: entry.name })}
        >
          {t('rename')}
        </button>
        <button type="button" className={styles.secondary} onClick={onRemove} aria-label={t('removeNamed', { name: entry.name })}>
          {t('remove.open')}
        </button>
      </div>
    </li>
  );
}

/**
 * Profile section "Passkeys" (issue 60): the reader's passkeys (name, added, last used), adding one
 * with an optional name (the browser's own passkey dialog), renaming, removing with the password.
 */
export function PasskeysSection() {
  const { t, i18n } = useTranslation('passkeys');
  const queryClient = useQueryClient();
  const { data, isPending, isError } = useQuery({ queryKey: QUERY_KEY, queryFn: passkeysApi.list });
  const passwordState = useQuery({ queryKey: PASSWORD_STATE_KEY, queryFn: passkeysApi.passwordState });
  // Until the server said, the account is taken to have a password (as almost every account does).
  const hasPassword = passwordState.data?.has_password ?? true;
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const [removing, setRemoving] = useState<Passkey | null>(null);
  const supported = passkeysUsableHere();
  const add = useMutation({
    mutationFn: async () => {
      const optionsJSON = await passkeysApi.registrationOptions();
      const credential = await startRegistration({ optionsJSON });
      return passkeysApi.register(credential, name.trim() || undefined);
    },
    onMutate: () => {
      setError(null);
      setAdded(null);
    },
    onSuccess: async (passkey) => {
      setName('');
      setAdded(t('addedNotice', { name: passkey.name }));
      await queryClient.invalidateQueries({ queryKey: QUERY_KEY });
    },
    onError: (caught) => setError(t(passkeyErrorKey(caught))),
  });
  const isFull = (data?.length ?? 0) >= PASSKEYS_MAX;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate();
  };

  return (
    <section id="passkeys" className={profile.section} aria-labelledby="passkeys-title">
      <h2 id="passkeys-title" className={profile.sectionTitle}>
        {t('heading')}
      </h2>
      <p className={profile.sectionText}>{t('description')}</p>
      {isPending && <p role="status">{t('common:status.loading')}</p>}
      {isError && <p className={styles.error}>{t('common:status.error')}</p>}
      {added && (
        <p className={styles.notice} role="status">
          {added}
        </p>
      )}
      {data && data.length === 0 && <p className={profile.sectionText}>{t('none')}</p>}
      {data && data.length > 0 && (
        <ul className={list.list} aria-label={t('listLabel')}>
          {data.map((entry) => (
            <PasskeyRow key={entry.id} entry={entry} language={i18n.language} onRemove={() => setRemoving(entry)} />
          ))}
        </ul>
      )}
      {!supported ? (
        <p className={profile.sectionText}>{t('errors.unsupported')}</p>
      ) : isFull ? (
        <p className={profile.sectionText}>{t('errors.limit')}</p>
      ) : (
        <form className={list.form} onSubmit={onSubmit} noValidate>
          <TextField
            id="passkey-name"
            label={t('nameLabel')}
            hint={t('nameHint')}
            value={name}
            onChange={setName}
            maxLength={PASSKEY_NAME_MAX}
            autoComplete="off"
            error={error ?? undefined}
          />
          <button type="submit" className={styles.primary} disabled={add.isPending}>
            {add.isPending ? t('adding') : t('add')}
          </button>
        </form>
      )}
      {passwordState.data?.has_password === true && data && data.length > 0 && <PasskeysOnlyAction />}
      {passwordState.data?.has_password === false && <p className={profile.sectionText}>{t('passkeysOnly.active')}</p>}
      <RemoveDialog passkey={removing} hasPassword={hasPassword} onClose={() => setRemoving(null)} />
    </section>
  );
}
