import { PAGE_PATTERNS, pagePath, PROFILE_SECTIONS } from '@inkstream/contracts/routes';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, Navigate, useLocation } from 'react-router';
import { Loading } from '../../../components/Loading';
import { accountApi } from '../../../lib/api-account';
import { RETURN_PARAM } from '../../../lib/return-path';
import { ApiError } from '../../../lib/api-client';
import { auditApi } from './admin-api';
import { useAuth } from '../../auth';
import styles from './admin.module.css';

/**
 * Lets administrators in; anyone else is sent to log in or told plainly that the console is not
 * theirs. The server refuses every admin call anyway: this only spares them a broken screen.
 */
export function AdminGate({ children }: { children: ReactNode }) {
  const { userUuid } = useAuth();
  const location = useLocation();
  const { t } = useTranslation('admin');
  const me = useQuery({ queryKey: ['me', userUuid], queryFn: accountApi.me, enabled: Boolean(userUuid), staleTime: 30_000 });
  // ADMIN_REQUIRE_2FA: an administrator without two-step sign-in is refused every console call
  // (403 TOTP_SETUP_REQUIRED). Asked once, by the smallest read, only for such an administrator.
  const mustSetUp = useQuery({
    queryKey: ['admin', 'two-step-probe', userUuid],
    queryFn: () =>
      auditApi.list({ page_size: 1 }).then(
        () => false,
        (error: unknown) => error instanceof ApiError && error.code === 'TOTP_SETUP_REQUIRED',
      ),
    enabled: me.data?.role === 'admin' && me.data.totp_enabled === false,
    staleTime: 30_000,
  });
  if (!userUuid)
    return <Navigate to={`${PAGE_PATTERNS.login}?${RETURN_PARAM}=${encodeURIComponent(location.pathname + location.search)}`} replace />;
  if (me.isPending) return <Loading />;
  if (me.data?.role !== 'admin') {
    return (
      <div className={styles.denied} role="alert">
        <h1>{t('denied.title')}</h1>
        <p>{t('denied.body')}</p>
        <Link to={PAGE_PATTERNS.home}>{t('denied.home')}</Link>
      </div>
    );
  }
  if (me.data.totp_enabled === false && mustSetUp.isPending) return <Loading />;
  if (mustSetUp.data === true) {
    return (
      <div className={styles.denied} role="alert">
        <h1>{t('twoStepRequired.title')}</h1>
        <p>{t('twoStepRequired.body')}</p>
        <Link to={pagePath.profile(PROFILE_SECTIONS.twoStep)}>{t('twoStepRequired.link')}</Link>
      </div>
    );
  }
  return children;
}
