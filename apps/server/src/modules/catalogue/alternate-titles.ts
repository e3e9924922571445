import { BOOK_ALTERNATE_TITLES_MAX, BOOK_TITLE_MAX, LANGUAGE_TAG_MAX } from '@inkstream/contracts';

/**
 * Alternate titles of a book (other names readers know it by), checked the same way for the
 * console API and the importer's metadata: trimmed, not blank, at most BOOK_TITLE_MAX characters,
 * no two alike ignoring case, at most BOOK_ALTERNATE_TITLES_MAX per book. The API refuses a list
 * with a problem (400); the importer skips the entry and warns.
 */
export interface AlternateTitleInput {
  title: string;
  language?: string | null | undefined;
}

export interface CleanAlternateTitle {
  title: string;
  language: string | null;
}

export interface AlternateTitleProblem {
  /** Position in the given list. */
  index: number;
  field: 'title' | 'language';
  message: string;
}

const LANGUAGE_TAG = /^[A-Za-z]{2,8}(-[A-Za-z0-9]{1,8})*$/;
// Control characters other than none at all: a title is one line of plain text.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;

/** Case-insensitive key for duplicates (toLocaleLowerCase without a locale: the same on every node). */
export const alternateTitleKey = (title: string) => title.normalize('NFC').toLowerCase();

export function cleanAlternateTitles(list: readonly AlternateTitleInput[]): {
  titles: CleanAlternateTitle[];
  problems: AlternateTitleProblem[];
} {
  const titles: CleanAlternateTitle[] = [];
  const problems: AlternateTitleProblem[] = [];
  const seen = new Set<string>();
  list.forEach((entry, index) => {
    const title = entry.title.trim();
    const language = entry.language?.trim() || null;
    const problem = (field: AlternateTitleProblem['field'], message: string) => problems.push({ index, field, message });
    if (title === '') return problem('title', 'An alternate title cannot be blank');
    if ([...title].length > BOOK_TITLE_MAX) return problem('title', `An alternate title is at most ${BOOK_TITLE_MAX} characters`);
    if (CONTROL.test(title)) return problem('title', 'An alternate title is one line of text');
    if (language !== null && (language.length > LANGUAGE_TAG_MAX || !LANGUAGE_TAG.test(language))) {
      return problem('language', 'Not a language tag (e.g. en, zh-cn, zh-Latn-pinyin)');
    }
    const key = alternateTitleKey(title);
    if (seen.has(key)) return problem('title', 'This alternate title is given twice');
    if (titles.length >= BOOK_ALTERNATE_TITLES_MAX) {
      return problem('title', `A book has at most ${BOOK_ALTERNATE_TITLES_MAX} alternate titles`);
    }
    seen.add(key);
    titles.push({ title, language });
  });
  return { titles, problems };
}
