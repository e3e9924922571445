import { adminPath } from '@inkstream/contracts/routes';
import { Navigate, NavLink, Route, Routes } from 'react-router';
import { useTranslation } from '../../../i18n/use-translation';
import styles from '../shell/admin.module.css';
import { BansList } from './BansList';
import { HeldComments } from './HeldComments';
import { ReportsQueue } from './ReportsQueue';
import { ReviewsList } from './ReviewsList';
import { useCommunityOn } from './use-community';
import { WordFilters } from './WordFilters';

const TABS = [
  { to: adminPath.moderation, key: 'reports', end: true },
  { to: adminPath.heldComments, key: 'held' },
  { to: adminPath.bans, key: 'bans' },
  { to: adminPath.wordFilters, key: 'filters' },
  { to: adminPath.reviews, key: 'reviews' },
] as const;

/** Moderation (issue 31): the reports queue, held comments, bans, the word filter and reviews. Absent with COMMUNITY=off. */
export default function ModerationSection() {
  const { t } = useTranslation('admin-moderation');
  const community = useCommunityOn();
  if (community === false) return <Navigate to={adminPath.dashboard} replace />;
  return (
    <section aria-labelledby="moderation-heading">
      <div className={styles.heading}>
        <h1 id="moderation-heading">{t('title')}</h1>
      </div>
      <nav aria-label={t('tabsLabel')}>
        <ul className={styles.sectionTabs}>
          {TABS.map((tab) => (
            <li key={tab.key}>
              <NavLink to={tab.to} end={'end' in tab}>
                {t(`tabs.${tab.key}`)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Routes>
        <Route index element={<ReportsQueue />} />
        <Route path="held" element={<HeldComments />} />
        <Route path="bans" element={<BansList />} />
        <Route path="filters" element={<WordFilters />} />
        <Route path="reviews" element={<ReviewsList />} />
        <Route path="*" element={<Navigate to={adminPath.moderation} replace />} />
      </Routes>
    </section>
  );
}
