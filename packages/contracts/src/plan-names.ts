import type { Language } from './languages.js';
import type { PlanId } from './plans.js';

/**
 * The plans' names as readers read them, one per plan and language, the same on the site, in the
 * console and in e-mails (docs/GLOSSARY.md, "Words readers see"). The web app's texts
 * (`plans.json` names, the console's `admin-orders.json` plan labels) carry the same words, which
 * apps/web/src/i18n/glossary.test.ts holds them to; the server's receipts read them from here.
 */
export const PLAN_NAMES: Record<Language, Record<PlanId, string>> = {
  'en-us': { month: 'Monthly pass', season: '3-month pass' },
  'zh-cn': { month: '月卡', season: '季卡' },
  'fr-fr': { month: 'Pass mensuel', season: 'Pass 3 mois' },
  'es-es': { month: 'Pase mensual', season: 'Pase de 3 meses' },
  'ar-sa': { month: 'الاشتراك الشهري', season: 'اشتراك 3 أشهر' },
};
