import { adminPath } from '@inkstream/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/use-translation';
import { Link } from 'react-router';
import { accountApi } from '../../lib/api-account';
import styles from '../../components/forms.module.css';

/** Administrators reach the operator console from their profile; nobody else sees the link. */
export function ConsoleLink({ userUuid }: { userUuid: string | null }) {
  const { t } = useTranslation('profile');
  const me = useQuery({ queryKey: ['me', userUuid], queryFn: accountApi.me, enabled: Boolean(userUuid), staleTime: 30_000 });
  if (me.data?.role !== 'admin') return null;
  return (
    <Link to={adminPath.dashboard} className={styles.secondary}>
      {t('console')}
    </Link>
  );
}
