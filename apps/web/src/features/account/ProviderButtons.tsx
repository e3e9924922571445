import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLanguage } from '../../i18n/use-language';
import { useTranslation } from '../../i18n/use-translation';
import { externalSignInApi } from '../../lib/api-external-sign-in';
import { publicConfigQuery } from '../../lib/public-config';
import { providerLabel, refusalCode, refusalWords } from './external-sign-in-words';
import styles from '../../components/forms.module.css';
import own from './external-sign-in.module.css';

type Provider = { id: string; name: string; method: 'oidc' | 'wechat'; languages: string[]; sandbox: boolean };

/**
 * WeChat first in Chinese (the way Chinese readers sign in, as WeChat Pay comes first there),
 * after the others elsewhere; the operator's order otherwise.
 */
export function providersInOrder(providers: readonly Provider[], language: string): Provider[] {
  const rank = (provider: Provider) => (provider.method !== 'wechat' ? 0 : language === 'zh-cn' ? -1 : 1);
  return providers.filter((provider) => provider.languages.includes(language)).sort((a, b) => rank(a) - rank(b));
}

/**
 * Issue 60: "Continue with {name}" for each provider the site offers in this language (public
 * config `sign_in_providers`: WeChat, the OpenID providers), on the login and register screens.
 * The server starts the flow and answers the provider's page (WeChat's QR page, or the sandbox's);
 * the browser goes there.
 */
/** Which part of the list: `lead`, WeChat alone above the form in Chinese; `rest`, the others (and WeChat elsewhere) under it. */
const inPart = (provider: Provider, language: string, part: 'lead' | 'rest') =>
  (provider.method === 'wechat' && language === 'zh-cn') === (part === 'lead');

export function ProviderButtons({ returnTo, part = 'rest' }: { returnTo: string | null; part?: 'lead' | 'rest' }) {
  const { t } = useTranslation('external');
  const language = useLanguage();
  const { data: config } = useQuery(publicConfigQuery());
  const [opening, setOpening] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const providers = providersInOrder(config?.sign_in_providers ?? [], language).filter((provider) => inPart(provider, language, part));
  if (providers.length === 0) return null;

  const start = async (provider: Provider) => {
    setOpening(provider.id);
    setRefusal(null);
    try {
      const { authorization_url } = await externalSignInApi.start(provider, returnTo);
      window.location.assign(authorization_url);
    } catch (caught) {
      setOpening(null);
      setRefusal(refusalCode(caught));
    }
  };

  return (
    <div className={`${own.providers} ${part === 'lead' ? own.lead : ''}`} data-sign-in-providers={part}>
      {part === 'rest' && <p className={own.divider}>{t('or')}</p>}
      {providers.map((provider) => {
        const name = providerLabel(t, provider.id, provider.name);
        return (
          <button
            key={provider.id}
            type="button"
            className={`${styles.secondary} ${styles.block} ${provider.method === 'wechat' ? own.wechat : ''}`}
            disabled={opening !== null}
            onClick={() => void start(provider)}
            data-provider={provider.id}
          >
            {opening === provider.id
              ? t('opening', { name })
              : provider.method === 'wechat'
                ? t('wechat.signIn')
                : t('continueWith', { name })}
            {provider.sandbox && <span className={own.sandboxMark}>{t('wechat.sandboxMark')}</span>}
          </button>
        );
      })}
      {refusal && (
        <p className={styles.error} role="alert">
          {refusalWords(t, refusal)}
        </p>
      )}
      {part === 'lead' && <p className={own.divider}>{t('or')}</p>}
    </div>
  );
}
