import { formatDateTime } from '@inkstream/contracts/formats';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useLocation } from 'react-router';
import { useLanguage } from '../../i18n/use-language';
import { useTranslation } from '../../i18n/use-translation';
import { externalSignInApi } from '../../lib/api-external-sign-in';
import { publicConfigQuery } from '../../lib/public-config';
import { providerLabel, refusalCode, refusalWords } from './external-sign-in-words';
import { PasswordField } from './PasswordField';
import { TwoStepCodeField } from './TwoStepCodeField';
import styles from '../../components/forms.module.css';
import profile from './profile.module.css';

const LINKED_QUERY_KEY = ['account', 'linked-identities'] as const;

/**
 * Issue 60: the profile's "Linked sign-in providers": the providers linked to the account, a
 * "Link" button for each one the site offers that is not linked yet (the server starts the flow
 * for the signed-in reader), and "Unlink" with the password (and the two-step code when on). The
 * server refuses to unlink the last way into an account without a password; this shows its words.
 */
export function LinkedProvidersSection() {
  const { t } = useTranslation('external');
  const language = useLanguage();
  const queryClient = useQueryClient();
  const linkedNow = (useLocation().state as { linkedProvider?: string } | null)?.linkedProvider;
  const { data: config } = useQuery(publicConfigQuery());
  const { data } = useQuery({ queryKey: LINKED_QUERY_KEY, queryFn: externalSignInApi.linked });
  const [unlinking, setUnlinking] = useState<number | null>(null);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [pending, setPending] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const offered = config?.sign_in_providers ?? [];
  if (offered.length === 0 && (data?.identities.length ?? 0) === 0) return null;
  const linkedIds = new Set(data?.identities.map((identity) => identity.provider));

  const link = async (id: string) => {
    setRefusal(null);
    try {
      window.location.assign((await externalSignInApi.link(id)).authorization_url);
    } catch (caught) {
      setRefusal(refusalCode(caught));
    }
  };

  const unlink = async (event: FormEvent, id: number, name: string) => {
    event.preventDefault();
    if (password === '') return setRefusal('passwordMissing');
    setPending(true);
    setRefusal(null);
    try {
      await externalSignInApi.unlink(id, password, code.trim() || undefined);
      setDone(name);
      setUnlinking(null);
      setPassword('');
      setCode('');
      await queryClient.invalidateQueries({ queryKey: LINKED_QUERY_KEY });
    } catch (caught) {
      setRefusal(refusalCode(caught));
    } finally {
      setPending(false);
    }
  };

  return (
    <section className={profile.section} id="linked-providers" aria-labelledby="linked-providers-title">
      <h2 id="linked-providers-title">{t('profile.title')}</h2>
      <p className={profile.sectionText}>{t('profile.intro')}</p>
      {linkedNow && !done && (
        <p className={styles.success} role="status">
          {t('finish.linked', { provider: linkedNow })}
        </p>
      )}
      {done && (
        <p className={styles.success} role="status">
          {t('profile.unlinked', { name: done })}
        </p>
      )}
      {refusal && (
        <p className={styles.error} role="alert">
          {refusalWords(t, refusal)}
        </p>
      )}
      {data && data.identities.length === 0 && <p className={profile.sectionText}>{t('profile.none')}</p>}
      <ul>
        {data?.identities.map((identity) => (
          <li key={identity.id}>
            <strong>{providerLabel(t, identity.provider, identity.provider_name)}</strong>
            {identity.email && <span dir="ltr"> {identity.email}</span>}
            <br />
            <small>
              {t('profile.linkedAt', { date: formatDateTime(identity.linked_at, language, { style: 'short' }) })} ·{' '}
              {identity.last_used_at
                ? t('profile.lastUsed', { date: formatDateTime(identity.last_used_at, language, { style: 'short' }) })
                : t('profile.notUsed')}
            </small>
            {unlinking === identity.id ? (
              <form
                onSubmit={(event) => void unlink(event, identity.id, providerLabel(t, identity.provider, identity.provider_name))}
                noValidate
              >
                <PasswordField
                  id={`unlink-password-${identity.id}`}
                  label={t('profile.password')}
                  value={password}
                  onChange={setPassword}
                  autoComplete="current-password"
                />
                <TwoStepCodeField id={`unlink-code-${identity.id}`} label={t('profile.code')} value={code} onChange={setCode} />
                <div className={profile.buttonRow}>
                  <button type="submit" className={styles.primary} disabled={pending}>
                    {t('profile.confirm', { name: providerLabel(t, identity.provider, identity.provider_name) })}
                  </button>
                  <button type="button" className={styles.secondary} onClick={() => setUnlinking(null)}>
                    {t('profile.cancel')}
                  </button>
                </div>
              </form>
            ) : data.has_password ? (
              <div className={profile.buttonRow}>
                <button
                  type="button"
                  className={styles.secondary}
                  onClick={() => {
                    setUnlinking(identity.id);
                    setRefusal(null);
                  }}
                >
                  {t('profile.unlink')}
                </button>
              </div>
            ) : (
              <p className={profile.sectionText}>{t('profile.noPassword')}</p>
            )}
          </li>
        ))}
      </ul>
      <div className={profile.buttonRow}>
        {offered
          .filter((provider) => !linkedIds.has(provider.id))
          .map((provider) => (
            <button key={provider.id} type="button" className={styles.secondary} onClick={() => void link(provider.id)}>
              {t('profile.link', { name: providerLabel(t, provider.id, provider.name) })}
            </button>
          ))}
      </div>
    </section>
  );
}
