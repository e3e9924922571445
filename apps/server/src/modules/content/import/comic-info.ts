import { DomUtils, parseDocument } from 'htmlparser2';
import { mapGenres, mapLanguage } from './metadata-mapping.js';
import { contentRatingOf } from './age-rating.js';
import { emptyMetadata, type SourceMetadata } from './import-source.js';

/**
 * Reads the fields we use from a ComicInfo.xml (the ComicRack schema most CBZ tools write):
 * Series is the book, LocalizedSeries another name of it, Title the issue or chapter, Genre and Tags become our genre tags when they
 * map, LanguageISO one of our languages, Manga the reading direction (YesAndRightToLeft: right to
 * left; Yes: a manga read left to right; No, Unknown: not said). Unknown values are reported as warnings.
 */
export interface ComicInfo extends SourceMetadata {
  /** The issue's own title, when the archive also names its series. */
  chapterTitle: string | null;
}

export function parseComicInfo(xml: string, warnings: string[]): ComicInfo {
  const document = parseDocument(xml, { xmlMode: true });
  const root = DomUtils.findOne((element) => element.name.toLowerCase() === 'comicinfo', document.children, true);
  const info: ComicInfo = { ...emptyMetadata(), chapterTitle: null };
  if (!root) {
    warnings.push('ComicInfo.xml has no <ComicInfo> element; its metadata is ignored');
    return info;
  }
  const field = (name: string) => {
    const element = root.children.find((child) => 'name' in child && child.name.toLowerCase() === name.toLowerCase());
    const text = element ? DomUtils.textContent(element).trim() : '';
    return text === '' ? null : text.slice(0, 5000);
  };
  const series = field('Series');
  const title = field('Title');
  info.title = series ?? title;
  info.chapterTitle = series ? title : null;
  // ComicInfo 2.1: the series' name in another language (e.g. its original one); its language is not said.
  const localized = field('LocalizedSeries');
  if (localized) info.alternateTitles = [{ title: localized, language: null }];
  info.summary = field('Summary');
  // Issue 46: the story's writer is the author, the penciller the artist (each with a page of their
  // own); inkers, colourists and cover artists are not credited.
  info.author = field('Writer')?.slice(0, 200) ?? null;
  info.artist = field('Penciller')?.slice(0, 200) ?? null;
  const number = field('Number');
  if (number !== null && /^\d{1,6}$/.test(number)) info.number = Number(number);
  const language = field('LanguageISO');
  info.language = mapLanguage(language);
  if (language && !info.language) warnings.push(`ComicInfo.xml LanguageISO "${language}" is not one of our languages; ignored`);
  const manga = field('Manga');
  info.readingDirection = mangaDirection(manga);
  if (manga !== null && info.readingDirection === null && !/^(no|unknown)$/i.test(manga)) {
    warnings.push(`ComicInfo.xml Manga "${manga.slice(0, 40)}" is not Yes, YesAndRightToLeft, No or Unknown; ignored`);
  }
  // Issue 61: the archive's age rating (ComicInfo 2.0 AgeRating) becomes the book's content rating.
  const ageRating = field('AgeRating');
  if (ageRating !== null) {
    const rating = contentRatingOf(ageRating);
    if (rating === undefined)
      warnings.push(`ComicInfo.xml AgeRating "${ageRating.slice(0, 40)}" is not a rating we know; the book stays all ages`);
    else info.contentRating = rating;
  }
  const genres = mapGenres([field('Genre') ?? '', field('Tags') ?? '']);
  info.tags = genres.tags;
  if (genres.unknown.length > 0) warnings.push(`ComicInfo.xml genres not in the tag list, skipped: ${genres.unknown.join(', ')}`);
  return info;
}

/** ComicInfo's Manga field (ComicRack schema 2.0): only the two values that say a direction count. */
function mangaDirection(value: string | null): 'ltr' | 'rtl' | null {
  if (value === null) return null;
  const word = value.toLowerCase();
  if (word === 'yesandrighttoleft') return 'rtl';
  if (word === 'yes') return 'ltr';
  return null;
}
