import { pagePath } from '@inkstream/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation';
import { accountApi } from '../../lib/api-account';
import { CopyButton } from './CopyButton';
import styles from '../../components/forms.module.css';
import profile from './profile.module.css';

/** The link a friend opens to register with this user's code prefilled (spec section 2). */
export const inviteLink = (origin: string, code: string) => `${origin}${pagePath.register(code)}`;

export function InviteSection() {
  const { t } = useTranslation('profile');
  const { data, isPending, isError } = useQuery({ queryKey: ['account', 'invite-code'], queryFn: accountApi.inviteCode });
  const link = data ? inviteLink(window.location.origin, data.invite_code) : '';

  return (
    <section className={profile.section} aria-labelledby="invite-title">
      <h2 id="invite-title" className={profile.sectionTitle}>
        {t('invite.heading')}
      </h2>
      <p className={profile.sectionText}>{t('invite.description')}</p>
      {isPending && <p role="status">{t('common:status.loading')}</p>}
      {isError && <p className={styles.error}>{t('common:status.error')}</p>}
      {data && (
        <>
          <div className={styles.field}>
            <label htmlFor="invite-link">{t('invite.linkLabel')}</label>
            <input
              id="invite-link"
              className={profile.linkInput}
              readOnly
              value={link}
              dir="ltr"
              onFocus={(event) => event.target.select()}
            />
          </div>
          <div className={profile.inviteRow}>
            <CopyButton text={link} label={t('invite.copy')} />
            <p className={profile.count}>{t('invite.count', { count: data.invited_count })}</p>
          </div>
        </>
      )}
    </section>
  );
}
