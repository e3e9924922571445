import { loadAdminLanguage } from '../features/admin/shell/admin-i18n';

/** /admin/*: the console, once its own translations are there too (App.tsx wraps this in lazy()). */
export const loadAdminPage = () =>
  Promise.all([import('../features/admin/AdminApp'), loadAdminLanguage()]).then(([module]) => ({ default: module.default }));
