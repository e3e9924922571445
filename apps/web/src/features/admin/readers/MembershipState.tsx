import type { AdminUserSummary } from '@inkstream/contracts';
import { useTranslation } from '../../../i18n/use-translation';
import { formatDate } from '../shell/format';

/** "Member until 3 Jan 2027", "Expired 1 Dec 2026" or "No membership". */
export function MembershipState({ membership }: { membership: AdminUserSummary['membership'] }) {
  const { t } = useTranslation('admin-readers');
  if (!membership) return <>{t('noMembership')}</>;
  const date = formatDate(membership.expire_at);
  return <>{membership.is_expired ? t('expiredOn', { date }) : t('memberUntil', { date })}</>;
}
