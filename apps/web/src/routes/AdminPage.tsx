import { lazy } from 'react';
import { loadAdminLanguage } from '../features/admin/shell/admin-i18n';

/** /admin/*: the console renders once its own translations are there too. */
const AdminPage = lazy(() => Promise.all([import('../features/admin/AdminApp'), loadAdminLanguage()]).then(([module]) => module));
export default AdminPage;
