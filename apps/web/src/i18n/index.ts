import i18next, { type i18n as I18n } from 'i18next';
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

const OPTIONS = {
  // Our codes are lower case (en-us); without this i18next looks resources up as en-US.
  lowerCaseLng: true,
  defaultNS: 'common',
  interpolation: { escapeValue: false }, // React escapes
  returnNull: false,
} as const;

let activeLanguage: Language = 'en-us';
let rest: Promise<void> | undefined;

export async function initI18n(language: Language): Promise<typeof i18next> {
  activeLanguage = language;
  const resources = (await FIRST[language]()).default;
  await i18next.use(initReactI18next).init({
    ...OPTIONS,
    lng: language,
    resources: { [language]: resources },
    ns: Object.keys(resources),
  });
  document.documentElement.lang = htmlLang(language);
  document.documentElement.dir = isRightToLeft(language) ? 'rtl' : 'ltr';
  return i18next;
}

/** Adds the remaining namespaces of the active language (once). */
export function loadRestOfLanguage(): Promise<void> {
  // On the server every language is loaded whole, in instances of its own (createFullLanguage).
  if (typeof window === 'undefined') return Promise.resolve();
  rest ??= REST[activeLanguage]().then(({ default: bundles }) => {
    for (const [namespace, bundle] of Object.entries(bundles)) i18next.addResourceBundle(activeLanguage, namespace, bundle, true, true);
  });
  return rest;
}

/** A lazy screen that renders only once its translations are there too. */
export function withRestOfLanguage<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadRestOfLanguage()]).then(([module]) => module);
}

/**
 * A language with every namespace, for the server's rendering (entry-server.tsx): its own
 * instance, so pages in different languages render side by side, handed down by I18nextProvider.
 */
export async function createFullLanguage(language: Language): Promise<I18n> {
  const [first, restOf] = await Promise.all([FIRST[language](), REST[language]()]);
  const resources = { ...first.default, ...restOf.default };
  const instance = i18next.createInstance();
  await instance.init({ ...OPTIONS, lng: language, resources: { [language]: resources }, ns: Object.keys(resources) });
  return instance;
}
