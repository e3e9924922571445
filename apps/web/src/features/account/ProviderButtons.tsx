import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLanguage } from '../../i18n/use-language';
import { useTranslation } from '../../i18n/use-translation';
import { externalSignInApi } from '../../lib/api-external-sign-in';
import { publicConfigQuery } from '../../lib/public-config';
import { refusalCode, refusalWords } from './external-sign-in-words';
import styles from '../../components/forms.module.css';
import own from './external-sign-in.module.css';

/**
 * Issue 60: "Continue with {name}" for each OpenID provider the site offers in this language
 * (public config `sign_in_providers`), on the login and register screens. The server starts the
 * flow and answers the provider's page; the browser goes there.
 */
export function ProviderButtons({ returnTo }: { returnTo: string | null }) {
  const { t } = useTranslation('external');
  const language = useLanguage();
  const { data: config } = useQuery(publicConfigQuery());
  const [opening, setOpening] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const providers = (config?.sign_in_providers ?? []).filter((provider) => provider.languages.includes(language));
  if (providers.length === 0) return null;

  const start = async (id: string) => {
    setOpening(id);
    setRefusal(null);
    try {
      const { authorization_url } = await externalSignInApi.start(id, returnTo);
      window.location.assign(authorization_url);
    } catch (caught) {
      setOpening(null);
      setRefusal(refusalCode(caught));
    }
  };

  return (
    <div className={own.providers} data-sign-in-providers>
      <p className={own.divider}>{t('or')}</p>
      {providers.map((provider) => (
        <button
          key={provider.id}
          type="button"
          className={`${styles.secondary} ${styles.block}`}
          disabled={opening !== null}
          onClick={() => void start(provider.id)}
        >
          {opening === provider.id ? t('opening', { name: provider.name }) : t('continueWith', { name: provider.name })}
        </button>
      ))}
      {refusal && (
        <p className={styles.error} role="alert">
          {refusalWords(t, refusal)}
        </p>
      )}
    </div>
  );
}
