import { Suspense, useEffect } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { NavLink, Outlet } from 'react-router';
import { Loading } from '../../../components/Loading';
import styles from './admin.module.css';

const SECTIONS = [
  { to: '/admin', key: 'dashboard', end: true },
  { to: '/admin/books', key: 'books' },
  { to: '/admin/readers', key: 'readers' },
  { to: '/admin/orders', key: 'orders' },
  { to: '/admin/outbox', key: 'outbox' },
  { to: '/admin/coupons', key: 'coupons' },
  { to: '/admin/settings', key: 'settings' },
  { to: '/admin/audit', key: 'audit' },
] as const;

/** The console's frame: its sections as a navigation bar (a row that scrolls on phones), then the section. */
export function AdminLayout() {
  const { t } = useTranslation('admin');
  useEffect(() => {
    document.title = t('title');
  }, [t]);
  return (
    <div className={styles.console}>
      <nav className={styles.nav} aria-label={t('navLabel')}>
        <ul>
          {SECTIONS.map((section) => (
            <li key={section.key}>
              <NavLink to={section.to} end={'end' in section} className={({ isActive }) => (isActive ? styles.active : undefined)}>
                {t(`nav.${section.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className={styles.section}>
        <Suspense fallback={<Loading />}>
          <Outlet />
        </Suspense>
      </div>
    </div>
  );
}
