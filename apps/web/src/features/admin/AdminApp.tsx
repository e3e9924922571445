import { adminPath } from '@inkstream/contracts/routes';
import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { AdminGate } from './shell/AdminGate';
import { AdminLayout } from './shell/AdminLayout';

// Each section is its own chunk: the dashboard's chart library loads only with the dashboard.
const DashboardSection = lazy(() => import('./dashboard/DashboardSection'));
const BooksSection = lazy(() => import('./books/BooksSection'));
const CalendarSection = lazy(() => import('./calendar/CalendarSection'));
const ReadersSection = lazy(() => import('./readers/ReadersSection'));
const OrdersSection = lazy(() => import('./orders/OrdersSection'));
const OutboxSection = lazy(() => import('./outbox/OutboxSection'));
const CouponsSection = lazy(() => import('./coupons/CouponsSection'));
const CoinPacksSection = lazy(() => import('./coins/CoinPacksSection'));
const ModerationSection = lazy(() => import('./moderation/ModerationSection'));
const SettingsSection = lazy(() => import('./settings/SettingsSection'));
const LegalPagesSection = lazy(() => import('./legal/LegalPagesSection'));
const AuditSection = lazy(() => import('./audit/AuditSection'));
const DeletionsSection = lazy(() => import('./data-rights/DeletionsSection'));

/** The operator's console under /admin (docs/ADMIN.md): only for accounts with the admin role. */
export default function AdminApp() {
  return (
    <AdminGate>
      <Routes>
        <Route element={<AdminLayout />}>
          <Route index element={<DashboardSection />} />
          <Route path="books/*" element={<BooksSection />} />
          <Route path="calendar" element={<CalendarSection />} />
          <Route path="readers/*" element={<ReadersSection />} />
          <Route path="orders/*" element={<OrdersSection />} />
          <Route path="outbox/*" element={<OutboxSection />} />
          <Route path="coupons/*" element={<CouponsSection />} />
          <Route path="coin-packs" element={<CoinPacksSection />} />
          <Route path="moderation/*" element={<ModerationSection />} />
          <Route path="settings" element={<SettingsSection />} />
          <Route path="legal" element={<LegalPagesSection />} />
          <Route path="audit" element={<AuditSection />} />
          <Route path="deletions" element={<DeletionsSection />} />
          <Route path="*" element={<Navigate to={adminPath.dashboard} replace />} />
        </Route>
      </Routes>
    </AdminGate>
  );
}
