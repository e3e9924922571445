import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { htmlLang, isRightToLeft, type Language } from '../lib/language';

type Resources = { default: Record<string, Record<string, unknown>> };

/**
 * Only the active language is downloaded, in two parts: what the landing page needs (common,
 * books) before the first render, and the rest (chapters, reader, auth, profile, payments) with
 * the first screen that uses it (see `withRestOfLanguage` in App.tsx).
 */
const FIRST: Record<Language, () => Promise<Resources>> = {
  'zh-cn': () => import('./locales/zh-cn/first'),
  'en-us': () => import('./locales/en-us/first'),
  'fr-fr': () => import('./locales/fr-fr/first'),
  'es-es': () => import('./locales/es-es/first'),
  'ar-sa': () => import('./locales/ar-sa/first'),
};
const REST: Record<Language, () => Promise<Resources>> = {
  'zh-cn': () => import('./locales/zh-cn/rest'),
  'en-us': () => import('./locales/en-us/rest'),
  'fr-fr': () => import('./locales/fr-fr/rest'),
  'es-es': () => import('./locales/es-es/rest'),
  'ar-sa': () => import('./locales/ar-sa/rest'),
};

let activeLanguage: Language = 'en-us';
let rest: Promise<void> | undefined;

export async function initI18n(language: Language): Promise<typeof i18next> {
  activeLanguage = language;
  const resources = (await FIRST[language]()).default;
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

/** Adds the remaining namespaces of the active language (once). */
export function loadRestOfLanguage(): Promise<void> {
  rest ??= REST[activeLanguage]().then(({ default: bundles }) => {
    for (const [namespace, bundle] of Object.entries(bundles)) i18next.addResourceBundle(activeLanguage, namespace, bundle, true, true);
  });
  return rest;
}

/** A lazy screen that renders only once its translations are there too. */
export function withRestOfLanguage<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadRestOfLanguage()]).then(([module]) => module);
}
