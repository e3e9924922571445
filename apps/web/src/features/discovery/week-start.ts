import type { WeekStart } from '@inkstream/contracts';
import type { Language } from '../../lib/language';

/**
 * The first column of the release calendar in each of the site's languages: Sunday in American
 * English, Saturday in Arabic (as the product's Arabic readers count the week), Monday elsewhere.
 * Fixed per language rather than read from the browser (Intl.Locale weekInfo): the server renders
 * the calendar before the browser is known, and the browser must take over the same columns.
 */
const WEEK_START: Record<Language, WeekStart> = {
  'zh-cn': 'monday',
  'en-us': 'sunday',
  'fr-fr': 'monday',
  'es-es': 'monday',
  'ar-sa': 'saturday',
};

export const weekStartOf = (language: Language): WeekStart => WEEK_START[language];

/** The zone the server renders the calendar's week in (it cannot know the reader's); that render shows no clock time. */
export const SERVER_TIME_ZONE = 'UTC';

/** `?week=` of the calendar's address: a day (YYYY-MM-DD) of the week to show, else the current week. */
export function readWeekParam(params: URLSearchParams): string | undefined {
  const week = params.get('week');
  return week && /^\d{4}-\d{2}-\d{2}$/.test(week) ? week : undefined;
}
