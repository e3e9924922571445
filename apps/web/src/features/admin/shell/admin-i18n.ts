import { activeTranslator } from '../../../i18n/active';
import type { Bundle } from '../../../i18n/translator';
import type { Language } from '../../../lib/language';

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
  const translator = activeTranslator();
  loaded ??= ADMIN[translator.language]().then(({ default: bundles }) => {
    for (const [namespace, bundle] of Object.entries(bundles)) translator.addResources(namespace, bundle);
  });
  return loaded;
}
