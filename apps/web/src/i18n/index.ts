import { webManifestPath } from '@inkstream/contracts/routes';
import { htmlLang, isRightToLeft, type Language } from '../lib/language';
import { activeTranslator, setActiveTranslator } from './active';
import { createTranslator, type Bundle, type Translator } from './translator';

type Resources = { default: Record<string, Bundle> };

/**
 * Only the active language is downloaded, in three parts: what
 * the landing page needs (common, books) before the first render; what the reading screens need
 * (chapter list, reader, search) with the first of them; and the rest (account, library, payments)
 * with the first screen that uses it (see `withReadingTexts` and `withRestOfLanguage` in App.tsx).
 * On slow 3G the account texts were 5 KB, 0.1 s, of every chapter list's and chapter's first load.
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
const READING: Record<Language, () => Promise<Resources>> = {
  'zh-cn': () => import('./locales/zh-cn/reading'),
  'en-us': () => import('./locales/en-us/reading'),
  'fr-fr': () => import('./locales/fr-fr/reading'),
  'es-es': () => import('./locales/es-es/reading'),
  'ar-sa': () => import('./locales/ar-sa/reading'),
};
const LATER_PARTS = { reading: READING, rest: REST };
type LaterPart = keyof typeof LATER_PARTS;

const loading: Partial<Record<LaterPart, Promise<void>>> = {};

/** Starts the browser's translator in `language` with what the landing page needs, and sets the page's lang and dir. */
export async function initI18n(language: Language): Promise<Translator> {
  const translator = createTranslator(language, (await FIRST[language]()).default);
  setActiveTranslator(translator);
  document.documentElement.lang = htmlLang(language);
  document.documentElement.dir = isRightToLeft(language) ? 'rtl' : 'ltr';
  // The install manifest in the app's language (the server's head links it; the shell kept offline may be another's).
  document.querySelector('link[rel="manifest"]')?.setAttribute('href', webManifestPath(language));
  return translator;
}

/** Adds one later part of the active language's namespaces (once). */
function loadPart(part: LaterPart): Promise<void> {
  // On the server every language is loaded whole, in translators of its own (createFullLanguage).
  if (typeof window === 'undefined') return Promise.resolve();
  const translator = activeTranslator();
  loading[part] ??= LATER_PARTS[part][translator.language]().then(({ default: bundles }) => {
    for (const [namespace, bundle] of Object.entries(bundles)) translator.addResources(namespace, bundle);
  });
  return loading[part];
}

/** Adds every namespace the landing page did not need (once). */
export function loadRestOfLanguage(): Promise<void> {
  return Promise.all([loadPart('reading'), loadPart('rest')]).then(() => undefined);
}

/** A lazy reading screen that renders once the reading texts are there too (i18n-parts.test.ts checks it needs no others). */
export function withReadingTexts<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadPart('reading')]).then(([module]) => module);
}

/** A lazy screen that renders only once every namespace of its language is there. */
export function withRestOfLanguage<T>(load: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([load(), loadRestOfLanguage()]).then(([module]) => module);
}

/**
 * A language with every namespace, for the server's rendering (entry-server.tsx): a translator of
 * its own, so pages in different languages render side by side, handed down by TranslatorProvider.
 */
export async function createFullLanguage(language: Language): Promise<Translator> {
  const parts = await Promise.all([FIRST[language](), READING[language](), REST[language]()]);
  return createTranslator(language, Object.assign({}, ...parts.map((part) => part.default)));
}
