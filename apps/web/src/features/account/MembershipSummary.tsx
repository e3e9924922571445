import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation';
import { api } from '../../lib/api-client';
import { formatExpiry } from './format-expiry';
import profile from './profile.module.css';

/** User name, membership expiry in zh-CN format ('--' when unknown) and whether it has expired. */
export function MembershipSummary({ username }: { username: string }) {
  const { t } = useTranslation('profile');
  // Spec section 8: a membership failure is only logged; the screen then shows '--'.
  const { data: membership, isSuccess } = useQuery({
    queryKey: ['account', 'membership'],
    queryFn: () =>
      api.membership().catch((error: unknown) => {
        console.warn('membership request failed', error);
        return null;
      }),
    staleTime: 0,
  });
  const state = !isSuccess ? null : !membership ? 'none' : membership.is_expired ? 'expired' : 'active';

  return (
    <dl className={profile.summary}>
      <div>
        <dt>{t('summary.username')}</dt>
        <dd className={profile.username} dir="auto">
          {username}
        </dd>
      </div>
      <div>
        <dt>{t('summary.expiresAt')}</dt>
        <dd>
          {membership ? (
            <time dateTime={membership.expire_at} dir="ltr">
              {formatExpiry(membership.expire_at)}
            </time>
          ) : (
            formatExpiry(null)
          )}
          {state && <span className={`${profile.badge} ${profile[state]}`}>{t(`summary.state.${state}`)}</span>}
        </dd>
      </div>
    </dl>
  );
}
