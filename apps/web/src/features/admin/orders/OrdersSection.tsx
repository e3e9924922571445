import { adminPath } from '@inkstream/contracts/routes';
import { useTranslation } from '../../../i18n/use-translation';
import { NavLink, Route, Routes } from 'react-router';
import styles from '../shell/admin.module.css';
import { IncidentsList } from './IncidentsList';
import { OrderDetail } from './OrderDetail';
import { OrdersList } from './OrdersList';
import local from './orders.module.css';

/** Orders, refunds and payment incidents (docs/ADMIN.md): a list, an order's page, and the incidents tab. */
export default function OrdersSection() {
  const { t } = useTranslation('admin-orders');
  return (
    <section aria-labelledby="orders-heading">
      <div className={styles.heading}>
        <h1 id="orders-heading">{t('title')}</h1>
      </div>
      <nav aria-label={t('tabs.label')} className={local.tabs}>
        <NavLink to={adminPath.orders} end className={({ isActive }) => (isActive ? local.activeTab : local.tab)}>
          {t('tabs.orders')}
        </NavLink>
        <NavLink to={adminPath.incidents} className={({ isActive }) => (isActive ? local.activeTab : local.tab)}>
          {t('tabs.incidents')}
        </NavLink>
      </nav>
      <Routes>
        <Route index element={<OrdersList />} />
        <Route path="incidents" element={<IncidentsList />} />
        <Route path=":orderId" element={<OrderDetail />} />
      </Routes>
    </section>
  );
}
