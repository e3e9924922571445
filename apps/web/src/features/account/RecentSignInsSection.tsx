import { formatDateTime } from '@inkstream/contracts/formats';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation';
import { passkeysApi } from '../../lib/api-passkeys';
import styles from '../../components/forms.module.css';
import profile from './profile.module.css';
import list from './feed-keys.module.css';

/**
 * Profile section "Recent sign-ins" (issue 60): each sign-in of the account, newest first, with how
 * (password, passkey, an OpenID provider, WeChat) and when, so a reader can spot one that was not theirs.
 */
export function RecentSignInsSection() {
  const { t, i18n } = useTranslation('passkeys');
  const { data, isPending, isError } = useQuery({ queryKey: ['account', 'sign-ins'], queryFn: passkeysApi.recentSignIns });
  return (
    <section id="recent-sign-ins" className={profile.section} aria-labelledby="sign-ins-title">
      <h2 id="sign-ins-title" className={profile.sectionTitle}>
        {t('signIns.heading')}
      </h2>
      {isPending && <p role="status">{t('common:status.loading')}</p>}
      {isError && <p className={styles.error}>{t('common:status.error')}</p>}
      {data && data.length === 0 && <p className={profile.sectionText}>{t('signIns.none')}</p>}
      {data && data.length > 0 && (
        <ul className={list.list} aria-label={t('signIns.heading')}>
          {data.map((event, index) => (
            <li key={`${event.at}-${index}`} className={list.key}>
              <span className={list.name}>
                {event.method === 'oidc'
                  ? t('signIns.method.oidc', { provider: event.provider ?? '' })
                  : t(`signIns.method.${event.method}`)}
              </span>
              <span className={list.dates}>{formatDateTime(event.at, i18n.language, { style: 'short' })}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
