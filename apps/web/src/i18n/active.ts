import { createTranslator, type Translator } from './translator';

/**
 * The browser's translator: one language per page load (choosing another reloads the page), set
 * by initI18n before the first render. Code outside components (number and date formats) reads its
 * language here. The server never sets it: each render gets its language's translator through
 * TranslatorProvider (entry-server.tsx).
 */
let active: Translator = createTranslator('en-us');

export const activeTranslator = (): Translator => active;

export function setActiveTranslator(translator: Translator): void {
  active = translator;
}
