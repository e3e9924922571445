import { htmlLang, isRightToLeft, type Language } from '../lib/language';
import { activeTranslator, setActiveTranslator } from './active';
import { createTranslator, type Bundle, type Translator } from './translator';

type Resources = { default: Record<string, Bundle> };

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

let rest: Promise<void> | undefined;

/** Starts the browser's translator in `language` with what the landing page needs, and sets the page's lang and dir. */
export async function initI18n(language: Language): Promise<Translator> {
  const translator = createTranslator(language, (await FIRST[language]()).default);
  setActiveTranslator(translator);
  document.documentElement.lang = htmlLang(language);
  document.documentElement.dir = isRightToLeft(language) ? 'rtl' : 'ltr';
  return translator;
}

/** Adds the remaining namespaces of the active language (once). */
export function loadRestOfLanguage(): Promise<void> {
  // On the server every language is loaded whole, in translators of its own (createFullLanguage).
  if (typeof window === 'undefined') return Promise.resolve();
  const translator = activeTranslator();
  rest ??= REST[translator.language]().then(({ default: bundles }) => {
    for (const [namespace, bundle] of Object.entries(bundles)) translator.addResources(namespace, bundle);
  });
  return rest;
}

/** A lazy screen that renders only once its translations are there too. */
export function withRestOfLanguage<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadRestOfLanguage()]).then(([module]) => module);
}

/**
 * A language with every namespace, for the server's rendering (entry-server.tsx): a translator of
 * its own, so pages in different languages render side by side, handed down by TranslatorProvider.
 */
export async function createFullLanguage(language: Language): Promise<Translator> {
  const [first, restOf] = await Promise.all([FIRST[language](), REST[language]()]);
  return createTranslator(language, { ...first.default, ...restOf.default });
}
