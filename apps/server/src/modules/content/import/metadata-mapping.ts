import { GENRE_TAGS, GENRE_TAG_LIST, LANGUAGES, type GenreTag, type Language } from '@inkstream/contracts';
import { alternateTitleKey, cleanAlternateTitles, type CleanAlternateTitle } from '../../catalogue/alternate-titles.js';

/**
 * Maps what archives and EPUBs say (ISO codes, free-text genres) onto our five languages and our
 * genre list. Anything that does not map is reported, never invented.
 */

const PRIMARY_LANGUAGE: Record<string, Language> = { zh: 'zh-cn', en: 'en-us', fr: 'fr-fr', es: 'es-es', ar: 'ar-sa' };

/** `en`, `en-GB`, `zh_Hans`, `fr-FR`… → one of ours, or null. */
export function mapLanguage(raw: string | null | undefined): Language | null {
  if (!raw) return null;
  const value = raw.trim().toLowerCase().replace(/_/g, '-');
  if ((LANGUAGES as readonly string[]).includes(value)) return value as Language;
  return PRIMARY_LANGUAGE[value.split('-')[0]!] ?? null;
}

/** Common English genre words, beside the English names of the list itself. */
const GENRE_SYNONYMS: Record<string, GenreTag> = {
  fantasy: '玄幻奇幻',
  xuanhuan: '玄幻奇幻',
  xianxia: '玄幻奇幻',
  'high fantasy': '西方奇幻',
  'dark fantasy': '西方奇幻',
  wuxia: '古典武侠',
  'martial arts': '古典武侠',
  'science fiction': '未来科幻',
  'sci-fi': '未来科幻',
  scifi: '未来科幻',
  'time travel': '历史穿越',
  transmigration: '历史穿越',
  isekai: '历史穿越',
  'historical romance': '古代言情',
  romance: '都市言情',
  urban: '现代都市',
  'slice of life': '现代都市',
  apocalypse: '末世危机',
  'post apocalyptic': '末世危机',
  dystopia: '末世危机',
  zombie: '末世危机',
  historical: '架空历史',
  history: '架空历史',
  mystery: '悬疑推理',
  detective: '悬疑推理',
  thriller: '悬疑推理',
  suspense: '悬疑推理',
};

const BY_NAME = new Map<string, GenreTag>([
  ...GENRE_TAG_LIST.map((tag) => [tag.toLowerCase(), tag] as const),
  ...Object.entries(GENRE_TAGS).map(([tag, english]) => [english.toLowerCase(), tag as GenreTag] as const),
  ...Object.entries(GENRE_SYNONYMS),
]);

/** Our tag for a genre name (Chinese, its English name or a common synonym), or null. */
export function mapGenre(raw: string): GenreTag | null {
  return BY_NAME.get(raw.trim().toLowerCase().replace(/\s+/g, ' ')) ?? null;
}

/** Splits comma/semicolon lists, maps each entry, keeps the first three distinct tags (the API shows three). */
export function mapGenres(values: readonly string[]): { tags: GenreTag[]; unknown: string[] } {
  const tags: GenreTag[] = [];
  const unknown: string[] = [];
  for (const name of values
    .flatMap((value) => value.split(/[,;]/))
    .map((v) => v.trim())
    .filter(Boolean)) {
    const tag = mapGenre(name);
    if (!tag) unknown.push(name);
    else if (!tags.includes(tag)) tags.push(tag);
  }
  return { tags: tags.slice(0, MAX_TAGS), unknown };
}

export const MAX_TAGS = 3;

/**
 * The source's alternate titles, checked as the console API checks them (catalogue/alternate-titles.ts):
 * a blank, too long or repeated one, one past the twentieth or with a malformed language is skipped
 * with a warning; one that is only the book's own title again is dropped without one.
 */
export function importAlternateTitles(
  raw: readonly { title: string; language: string | null }[],
  bookTitles: readonly string[],
  warnings: string[],
): CleanAlternateTitle[] {
  const own = new Set(bookTitles.map(alternateTitleKey));
  const kept = raw.filter((entry) => !own.has(alternateTitleKey(entry.title.trim())));
  const { titles, problems } = cleanAlternateTitles(kept);
  for (const problem of problems) {
    const title = kept[problem.index]!.title.trim();
    warnings.push(`alternate title "${title.length > 40 ? `${title.slice(0, 40)}…` : title}" skipped: ${problem.message}`);
  }
  return titles;
}
