import { adminPath } from '@inkstream/contracts/routes';
import { Suspense, useEffect, useRef } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { NavLink, Outlet, useLocation } from 'react-router';
import { Loading } from '../../../components/Loading';
import { useCommunityOn } from '../moderation/use-community';
import styles from './admin.module.css';

const SECTIONS = [
  { to: adminPath.dashboard, key: 'dashboard', end: true },
  { to: adminPath.books, key: 'books' },
  { to: adminPath.calendar, key: 'calendar' },
  { to: adminPath.readers, key: 'readers' },
  { to: adminPath.orders, key: 'orders' },
  { to: adminPath.outbox, key: 'outbox' },
  { to: adminPath.coupons, key: 'coupons' },
  { to: adminPath.coinPacks, key: 'coinPacks' },
  { to: adminPath.moderation, key: 'moderation', community: true },
  { to: adminPath.deletions, key: 'deletions' },
  { to: adminPath.settings, key: 'settings' },
  { to: adminPath.legal, key: 'legal' },
  { to: adminPath.audit, key: 'audit' },
] as const;

/** The console's frame: its sections as a navigation bar (a row that scrolls on phones), then the section. */
export function AdminLayout() {
  const { t } = useTranslation('admin');
  useEffect(() => {
    document.title = t('title');
  }, [t]);
  // On a phone the sections are a row that scrolls sideways: the current one is brought into it
  // (Outbox and the ones after it start beyond a 390 px screen). Only the row scrolls, never the page.
  const row = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  // COMMUNITY=off: no moderation section (the public config says so).
  const community = useCommunityOn();
  const sections = SECTIONS.filter((section) => !('community' in section) || community === true);
  useEffect(() => {
    const list = row.current;
    const current = list?.querySelector('[aria-current="page"]');
    if (!list || !current || list.scrollWidth <= list.clientWidth) return;
    const bounds = list.getBoundingClientRect();
    const link = current.getBoundingClientRect();
    if (link.left < bounds.left) list.scrollLeft -= bounds.left - link.left;
    else if (link.right > bounds.right) list.scrollLeft += link.right - bounds.right;
  }, [pathname]);
  return (
    <div className={styles.console}>
      <nav className={styles.nav} aria-label={t('navLabel')}>
        <ul ref={row}>
          {sections.map((section) => (
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
