import i18next from 'i18next';
import type { Language } from '../../../lib/language';

type Bundle = Record<string, unknown>;

// The console's own namespaces (admin, admin-books, …) travel with the console's chunk, never with
// the reader's screens: one lazily imported module per language.
const ADMIN: Record<Language, () => Promise<{ default: Record<string, Bundle> }>> = {
  'zh-cn': () => import('../../../i18n/locales/zh-cn/admin/index'),
  'en-us': () => import('../../../i18n/locales/en-us/admin/index'),
  'fr-fr': () => import('../../../i18n/locales/fr-fr/admin/index'),
  'es-es': () => import('../../../i18n/locales/es-es/admin/index'),
  'ar-sa': () => import('../../../i18n/locales/ar-sa/admin/index'),
};

let loaded: Promise<void> | undefined;

export function loadAdminLanguage(): Promise<void> {
  const language = (i18next.language || 'en-us') as Language;
  loaded ??= (ADMIN[language] ?? ADMIN['en-us'])().then(({ default: bundles }) => {
    for (const [namespace, bundle] of Object.entries(bundles)) i18next.addResourceBundle(language, namespace, bundle, true, true);
  });
  return loaded;
}
