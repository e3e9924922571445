import { bigramsOf, foldGlued, foldText, piecesOf, pinyinOf, type TextPiece } from './search-text.js';

/** What is searched of one published book; every text in any language it has. */
export interface SearchableBook {
  id: number;
  titles: string[];
  author: string | null;
  /** Tag names in every language the site knows them in. */
  tags: string[];
  /** The tags as stored (their slugs): what the header's suggestions offer. */
  tagSlugs?: readonly string[];
  introductions: string[];
  /** Breaks ties between matches of the same kind (books.popularity). */
  popularity: number;
}

/** The index's fields: a book's terms are filed under one of these (term-index.ts keeps postings per field). */
export const FIELD = { title: 0, author: 1, tags: 2, intro: 3 } as const;
export const FIELD_COUNT = 4;

const ARABIC_ARTICLE = /^\u0627\u0644(?=\p{L}{2})/u;

/** A word of a spaced script, and the same Arabic word without its article. */
export const wordForms = (word: string): string[] => {
  const bare = word.replace(ARABIC_ARTICLE, '');
  return bare === word ? [word] : [word, bare];
};

/**
 * A title, an author or a tag, folded once, with the pinyin of its Chinese runs when asked for,
 * and, when it has elisions, the same folded with them glued (search-text.ts foldGlued).
 */
interface ReadName {
  folded: string;
  pieces: (TextPiece & { pinyin: { syllables: string[]; initials: string } | null })[];
  glued: string | null;
}

function readName(text: string, withPinyin: boolean): ReadName {
  const folded = foldText(text);
  return {
    folded,
    pieces: piecesOf(folded).map((piece) => ({ ...piece, pinyin: withPinyin && piece.isHan ? pinyinOf(piece.text) : null })),
    glued: foldGlued(text),
  };
}

/**
 * The words an elision glued to its article makes ("lepingle" of "L’Épingle", issue 40: typed
 * without the apostrophe), besides the split ones: a reader may type either.
 */
function gluedWords(glued: string | null, folded: string): string[] {
  if (glued === null) return [];
  const split = new Set(folded.split(' '));
  return piecesOf(glued).flatMap((piece) => (piece.isHan || split.has(piece.text) ? [] : wordForms(piece.text)));
}

/**
 * The index's terms of a title, an author or a tag: words (wordForms); Chinese as characters and
 * pairs of characters (one typed character also finds the pairs it starts, in introductions),
 * and, in titles and author names, as pinyin syllables and initials (风暴之门: feng, bao, zhi, men,
 * fbzm). Typed pinyin is split into syllables at query time (splitPinyin) rather than indexed in
 * every grouping.
 */
function namingTerms({ folded, pieces, glued }: ReadName): string[] {
  const terms: string[] = gluedWords(glued, folded);
  for (const piece of pieces) {
    if (!piece.isHan) {
      terms.push(...wordForms(piece.text));
      continue;
    }
    // Its characters too (titles are short): one typed character finds a title ending with it (门: 风暴之门).
    terms.push(...Array.from(piece.text), ...bigramsOf(piece.text));
    if (piece.pinyin) terms.push(...piece.pinyin.syllables, piece.pinyin.initials);
  }
  return terms;
}

/** A name folded, and the index's terms of it. */
export interface NameTerms {
  folded: string;
  terms: string[];
}

/** The index's terms of a name (an author, a tag) as its titles are read: name-index.ts. */
export const termsOfName = (text: string, withPinyin: boolean): NameTerms => {
  const name = readName(text, withPinyin);
  return { folded: name.folded, terms: namingTerms(name) };
};

/** What the two best kinds compare a query with: the folded title and, for a Chinese one, its whole pinyin and initials. */
function titleFormsOf({ folded, pieces, glued }: ReadName): string[] {
  if (folded === '') return [];
  const pinyin = pieces.flatMap((piece) => piece.pinyin ?? []);
  if (pinyin.length === 0) return glued === null ? [folded] : [folded, glued];
  return [
    folded,
    ...(glued === null ? [] : [glued]),
    pinyin.map((p) => p.syllables.join('')).join(''),
    pinyin.map((p) => p.initials).join(''),
  ];
}

/** An introduction's terms: words and pairs of Chinese characters; matched as typed only. */
function introductionTerms(text: string): string[] {
  const folded = foldText(text);
  return [
    ...piecesOf(folded).flatMap((piece) => (piece.isHan ? bigramsOf(piece.text) : wordForms(piece.text))),
    ...gluedWords(foldGlued(text), folded),
  ];
}

/** A book's terms per field and its title forms: the costly part of indexing it (folding, pinyin). */
export interface AnalysedBook {
  id: number;
  popularity: number;
  /** By field: titles, author, tags, introductions. */
  terms: string[][];
  titleForms: string[];
  /** The author as read, for the suggestions' author index (name-index.ts), so it is not read twice. */
  author: NameTerms | null;
  /** The author and the tags as stored: what the suggestions offer (search-layers.ts). */
  authorName: string | null;
  tagSlugs: readonly string[];
}

export function analyseBook(book: SearchableBook): AnalysedBook {
  const titles = book.titles.map((title) => readName(title, true));
  const terms: string[][] = [];
  terms[FIELD.title] = titles.flatMap(namingTerms);
  const author = book.author ? readName(book.author, true) : null;
  const authorTerms = author ? namingTerms(author) : [];
  terms[FIELD.author] = authorTerms;
  terms[FIELD.tags] = book.tags.flatMap((tag) => namingTerms(readName(tag, false)));
  terms[FIELD.intro] = book.introductions.flatMap(introductionTerms);
  return {
    id: book.id,
    popularity: book.popularity,
    terms,
    titleForms: [...new Set(titles.flatMap(titleFormsOf))],
    author: author && { folded: author.folded, terms: authorTerms },
    authorName: book.author,
    tagSlugs: book.tagSlugs ?? [],
  };
}
