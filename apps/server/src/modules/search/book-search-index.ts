import MiniSearch, { type Query, type SearchResult } from 'minisearch';
import { bigramsOf, foldText, piecesOf, pinyinOf, type TextPiece } from './search-text.js';

/** What is searched of one published book; every text in any language it has. */
export interface SearchableBook {
  id: number;
  titles: string[];
  author: string | null;
  /** Tag names in every language the site knows them in. */
  tags: string[];
  introductions: string[];
  /** Breaks ties between matches of the same kind (books.popularity). */
  popularity: number;
}

/**
 * How well a book matched, best first: the whole title, the start of a title, every word in a
 * title, then the author, a tag, the introduction. Books found only through a typo come after
 * every book found as typed; popularity breaks the remaining ties.
 */
export const MatchKind = { exactTitle: 0, titlePrefix: 1, titleWords: 2, author: 3, tag: 4, introduction: 5 } as const;

/** Work per query is bounded: words looked at, letters per word, and books ranked. */
export const QUERY_LIMITS = { pieces: 8, pieceLength: 40, candidates: 1_000 } as const;

type Field = 'title' | 'author' | 'tags' | 'intro';
interface IndexedDoc {
  id: number;
  title: string;
  author: string;
  tags: string;
  intro: string;
}

/** Folded titles of a book, with the pinyin of the Chinese ones (joined, and initials). */
interface TitleForms {
  folded: string[];
  compact: string[];
  popularity: number;
}

const ARABIC_ARTICLE = /^\u0627\u0644(?=\p{L}{2})/u;

/**
 * The index's terms of a text. Words as they are (and an Arabic word without its article: العاصفة
 * is also عاصفة); Chinese as characters and pairs of characters, and, in titles and author names,
 * as pinyin syllables, the whole pinyin and its initials (风暴之门: feng, bao, …, fengbaozhimen, fbzm).
 */
function indexTerms(text: string, field: string): string[] {
  const terms: string[] = [];
  const withPinyin = field === 'title' || field === 'author';
  for (const piece of piecesOf(foldText(text))) {
    if (!piece.isHan) {
      terms.push(piece.text);
      const bare = piece.text.replace(ARABIC_ARTICLE, '');
      if (bare !== piece.text) terms.push(bare);
      continue;
    }
    terms.push(...Array.from(piece.text), ...bigramsOf(piece.text));
    if (withPinyin) {
      const { syllables, initials } = pinyinOf(piece.text);
      terms.push(...syllables, ...syllableRuns(syllables), initials);
    }
  }
  return terms;
}

/** Pinyin as readers group it: every run of two syllables or more, joined (jiuzhou, jiange, jiuzhoujiange…); runs of at most 12. */
function syllableRuns(syllables: string[]): string[] {
  const runs: string[] = [];
  for (let start = 0; start < syllables.length; start += 1) {
    for (let end = start + 2; end <= Math.min(syllables.length, start + 12); end += 1) runs.push(syllables.slice(start, end).join(''));
  }
  return runs;
}

/** One edit for words of 4 letters or more, two from 8. */
const editsFor = (term: string) => (term.length >= 8 ? 2 : term.length >= 4 ? 1 : 0);

/** The word with two neighbouring letters swapped ("strom" → "storm"): a typo worth one edit, not Levenshtein's two. */
function swaps(term: string): string[] {
  if (term.length < 4) return [];
  const chars = Array.from(term);
  const variants = new Set<string>();
  for (let i = 0; i + 1 < chars.length; i += 1) {
    if (chars[i] === chars[i + 1]) continue;
    const swapped = [...chars];
    [swapped[i], swapped[i + 1]] = [swapped[i + 1]!, swapped[i]!];
    variants.add(swapped.join(''));
  }
  return [...variants];
}

/** A query as the index reads it, with the terms that count as exact (the rest are typos). */
interface ParsedQuery {
  tree: Query;
  folded: string;
  exactTerms: string[];
}

function parseQuery(raw: string): ParsedQuery | null {
  const folded = foldText(raw.slice(0, QUERY_LIMITS.pieces * QUERY_LIMITS.pieceLength));
  const pieces: TextPiece[] = piecesOf(folded)
    .slice(0, QUERY_LIMITS.pieces)
    .map((piece) => ({ ...piece, text: Array.from(piece.text).slice(0, QUERY_LIMITS.pieceLength).join('') }));
  if (pieces.length === 0) return null;
  const exactTerms: string[] = [];
  const queries: Query[] = pieces.map((piece, index) => {
    if (piece.isHan) {
      const grams = bigramsOf(piece.text);
      exactTerms.push(...grams);
      return { combineWith: 'AND', queries: grams };
    }
    const isLast = index === pieces.length - 1;
    const bare = piece.text.replace(ARABIC_ARTICLE, '');
    exactTerms.push(piece.text, bare);
    const typed: Query = {
      combineWith: 'OR',
      queries: bare === piece.text ? [piece.text] : [piece.text, bare],
      // What is still being typed matches the start of a word; a short beginning alone would match
      // half the index, after other words it is narrowed by them ("the storm ga").
      prefix: isLast && piece.text.length >= (pieces.length > 1 ? 2 : 3),
      fuzzy: editsFor(piece.text),
    };
    const swapped = swaps(piece.text);
    return swapped.length === 0 ? typed : { combineWith: 'OR', queries: [typed, { combineWith: 'OR', queries: swapped }] };
  });
  return { tree: { combineWith: 'AND', queries }, folded, exactTerms };
}

export interface RankedMatch {
  id: number;
  kind: number;
  isFuzzy: boolean;
}

/**
 * An in-memory full-text index of the published catalogue (MiniSearch: docs/SEARCH.md says why),
 * with the ranking above on top of it. Built whole from the database; searched without I/O.
 */
export function createBookSearchIndex(books: Iterable<SearchableBook>) {
  const index = new MiniSearch<IndexedDoc>({
    fields: ['title', 'author', 'tags', 'intro'],
    storeFields: [],
    tokenize: (text, field) => (field === undefined ? [text] : indexTerms(text, field)),
    processTerm: (term) => term,
    searchOptions: {
      tokenize: (text) => [text],
      processTerm: (term) => term,
      boost: { title: 8, author: 4, tags: 2, intro: 1 },
      maxFuzzy: 2,
    },
  });
  const titles = new Map<number, TitleForms>();
  const docs: IndexedDoc[] = [];
  for (const book of books) {
    const folded = book.titles.map(foldText).filter((title) => title !== '');
    const compact = folded.flatMap((title) => {
      const han = piecesOf(title).filter((piece) => piece.isHan);
      if (han.length === 0) return [title.replaceAll(' ', '')];
      const pinyin = han.map((piece) => pinyinOf(piece.text));
      return [title.replaceAll(' ', ''), pinyin.map((p) => p.syllables.join('')).join(''), pinyin.map((p) => p.initials).join('')];
    });
    titles.set(book.id, { folded, compact, popularity: book.popularity });
    docs.push({
      id: book.id,
      title: book.titles.join('\n'),
      author: book.author ?? '',
      tags: book.tags.join('\n'),
      intro: book.introductions.join('\n'),
    });
  }
  index.addAll(docs);

  function kindOf(result: SearchResult, query: ParsedQuery): number {
    const forms = titles.get(result.id as number);
    const compactQuery = query.folded.replaceAll(' ', '');
    if (forms) {
      if (forms.folded.includes(query.folded) || forms.compact.includes(compactQuery)) return MatchKind.exactTitle;
      if (forms.folded.some((title) => title.startsWith(query.folded)) || forms.compact.some((form) => form.startsWith(compactQuery))) {
        return MatchKind.titlePrefix;
      }
    }
    const fieldsOf = (term: string) => (result.match[term] ?? []) as Field[];
    if (result.terms.every((term) => fieldsOf(term).includes('title'))) return MatchKind.titleWords;
    const matched = new Set(result.terms.flatMap(fieldsOf));
    if (matched.has('author')) return MatchKind.author;
    if (matched.has('tags')) return MatchKind.tag;
    return MatchKind.introduction;
  }

  return {
    /** Matching books, best first (at most QUERY_LIMITS.candidates); [] for a query with nothing to search. */
    search(raw: string): RankedMatch[] {
      const query = parseQuery(raw);
      if (!query) return [];
      const results = index.search(query.tree);
      // By the index's own score first, so the bound keeps the strongest candidates.
      const candidates = results.length > QUERY_LIMITS.candidates ? results.slice(0, QUERY_LIMITS.candidates) : results;
      const ranked = candidates.map((result) => ({
        id: result.id as number,
        kind: kindOf(result, query),
        isFuzzy: result.terms.some((term) => !query.exactTerms.some((exact) => term.startsWith(exact))),
        popularity: titles.get(result.id as number)?.popularity ?? 0,
      }));
      ranked.sort((a, b) => Number(a.isFuzzy) - Number(b.isFuzzy) || a.kind - b.kind || b.popularity - a.popularity || a.id - b.id);
      return ranked.map(({ id, kind, isFuzzy }) => ({ id, kind, isFuzzy }));
    },
    get size() {
      return index.documentCount;
    },
  };
}

export type BookSearchIndex = ReturnType<typeof createBookSearchIndex>;
