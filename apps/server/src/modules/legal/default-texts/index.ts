import type { Language } from '@inkstream/contracts';
import type { DefaultLegalTexts } from './default-legal-texts.js';
import { AR_SA } from './ar-sa.js';
import { EN_US } from './en-us.js';
import { ES_ES } from './es-es.js';
import { FR_FR } from './fr-fr.js';
import { ZH_CN } from './zh-cn.js';

/**
 * Version 0 of every page: what a site shows until its operator publishes its own text, written
 * for this service (what it stores, what the browser keeps, the reader's rights). Every language
 * has both pages, so no reader ever falls back to a language they did not ask for.
 */
export const DEFAULT_LEGAL_TEXTS: Readonly<Record<Language, DefaultLegalTexts>> = {
  'en-us': EN_US,
  'zh-cn': ZH_CN,
  'fr-fr': FR_FR,
  'es-es': ES_ES,
  'ar-sa': AR_SA,
};
