import { createContext, useContext, type ReactNode } from 'react';
import { activeTranslator } from './active';
import type { TFunction, Translator } from './translator';

const TranslatorContext = createContext<Translator | null>(null);

/** Renders `children` in a language other than the browser's active one (the server's renders, tests). */
export function TranslatorProvider({ translator, children }: { translator: Translator; children: ReactNode }) {
  return <TranslatorContext.Provider value={translator}>{children}</TranslatorContext.Provider>;
}

/**
 * The `t` of a namespace (default `common`) and the translator itself (`i18n.language`), named as
 * react-i18next named them. Texts are loaded before the screens that use them render
 * (withRestOfLanguage in i18n/index.ts), so there is nothing to wait for here.
 */
export function useTranslation(namespace = 'common'): { t: TFunction; i18n: Translator } {
  const translator = useContext(TranslatorContext) ?? activeTranslator();
  return { t: translator.fixedT(namespace), i18n: translator };
}
