import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { htmlLang, isRightToLeft, type Language } from '../lib/language';

/**
 * Only the active language is downloaded: each locale is its own chunk. Namespaces, one JSON file
 * per language each: common, books, chapters, reader, auth, profile.
 */
const LOADERS: Record<Language, () => Promise<{ default: Record<string, Record<string, unknown>> }>> = {
  'zh-cn': () => import('./locales/zh-cn/index'),
  'en-us': () => import('./locales/en-us/index'),
  'fr-fr': () => import('./locales/fr-fr/index'),
  'es-es': () => import('./locales/es-es/index'),
  'ar-sa': () => import('./locales/ar-sa/index'),
};

export async function initI18n(language: Language): Promise<typeof i18next> {
  const resources = (await LOADERS[language]()).default;
  await i18next.use(initReactI18next).init({
    lng: language,
    // Our codes are lower case (en-us); without this i18next looks resources up as en-US.
    lowerCaseLng: true,
    resources: { [language]: resources },
    ns: Object.keys(resources),
    defaultNS: 'common',
    interpolation: { escapeValue: false }, // React escapes
    returnNull: false,
  });
  document.documentElement.lang = htmlLang(language);
  document.documentElement.dir = isRightToLeft(language) ? 'rtl' : 'ltr';
  return i18next;
}
