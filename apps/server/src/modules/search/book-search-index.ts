import MiniSearch, { type Query, type SearchResult } from 'minisearch';
import { splitPinyin } from './pinyin-syllables.js';
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

type Field = 'title' | 'author' | 'tags';
interface IndexedDoc {
  id: number;
  title: string;
  author: string;
  tags: string;
}

/** Folded titles of a book, with the pinyin of the Chinese ones (joined, and initials). */
interface TitleForms {
  folded: string[];
  compact: string[];
  popularity: number;
}

const ARABIC_ARTICLE = /^\u0627\u0644(?=\p{L}{2})/u;

/**
 * The index's terms of a title, an author or a tag. Words as they are (and an Arabic word without
 * its article: العاصفة is also عاصفة); Chinese as pairs of characters (a single character stays
 * itself; one typed character finds the pairs it starts), and, in titles and author names, as
 * pinyin syllables and initials (风暴之门: feng, bao, zhi, men, fbzm). Typed pinyin is split into
 * syllables at query time (splitPinyin) rather than indexed in every grouping: those groupings
 * were most of the index's memory at 100,000 books.
 */
function indexTerms(text: string, field: string): string[] {
  const terms: string[] = [];
  const withPinyin = field !== 'tags';
  for (const piece of piecesOf(foldText(text))) {
    if (!piece.isHan) {
      terms.push(piece.text);
      const bare = piece.text.replace(ARABIC_ARTICLE, '');
      if (bare !== piece.text) terms.push(bare);
      continue;
    }
    terms.push(...bigramsOf(piece.text));
    if (withPinyin) {
      const { syllables, initials } = pinyinOf(piece.text);
      terms.push(...syllables, initials);
    }
  }
  return terms;
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
  pieces: TextPiece[];
}

function parseQuery(raw: string): ParsedQuery | null {
  const folded = foldText(raw.slice(0, QUERY_LIMITS.pieces * QUERY_LIMITS.pieceLength));
  const pieces: TextPiece[] = piecesOf(folded)
    .slice(0, QUERY_LIMITS.pieces)
    .map((piece) => ({ ...piece, text: Array.from(piece.text).slice(0, QUERY_LIMITS.pieceLength).join('') }));
  if (pieces.length === 0) return null;
  const exactTerms: string[] = [];
  const queries: Query[] = pieces.map((piece, index) => {
    const isLast = index === pieces.length - 1;
    if (piece.isHan) {
      const grams = bigramsOf(piece.text);
      exactTerms.push(...grams);
      // One character: the pairs it starts.
      return grams.length === 1 ? { combineWith: 'OR', queries: grams, prefix: true } : { combineWith: 'AND', queries: grams };
    }
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
    const alternatives: Query[] = [typed];
    const swapped = swaps(piece.text);
    if (swapped.length > 0) alternatives.push({ combineWith: 'OR', queries: swapped });
    // Pinyin typed without spaces: every syllable, the last one possibly unfinished.
    const syllables = splitPinyin(piece.text, isLast);
    if (syllables) {
      exactTerms.push(...syllables);
      alternatives.push({
        combineWith: 'AND',
        queries: syllables.map((syllable, i) => ({ combineWith: 'OR', queries: [syllable], prefix: isLast && i === syllables.length - 1 })),
      });
    }
    return alternatives.length === 1 ? typed : { combineWith: 'OR', queries: alternatives };
  });
  return { tree: { combineWith: 'AND', queries }, folded, exactTerms, pieces };
}

/** The exact terms of a piece of an introduction or a query: a word (and an Arabic word without its article), or Chinese pairs. */
const introTermsOf = (piece: TextPiece): string[] => {
  if (piece.isHan) return bigramsOf(piece.text);
  const bare = piece.text.replace(ARABIC_ARTICLE, '');
  return bare === piece.text ? [piece.text] : [piece.text, bare];
};

/** The books in both sorted lists. */
function intersect(a: Int32Array, b: Int32Array): Int32Array {
  const out: number[] = [];
  for (let i = 0, j = 0; i < a.length && j < b.length;) {
    if (a[i] === b[j]) {
      out.push(a[i]!);
      i += 1;
      j += 1;
    } else if (a[i]! < b[j]!) i += 1;
    else j += 1;
  }
  return Int32Array.from(out);
}

/** The books in either sorted list. */
function union(a: Int32Array, b: Int32Array): Int32Array {
  return Int32Array.from(new Set([...a, ...b])).sort();
}

/**
 * Introductions are long, and most of an index's memory: they are matched by exact words only (no
 * prefixes, no typos; Chinese by pairs of characters), through one sorted array of book ids per
 * word, about 4 bytes a posting where MiniSearch's maps take ten times that (docs/SEARCH.md has the
 * figures at 100,000 books). A book is found here when every word of the query is in its
 * introductions.
 */
function createIntroductionIndex() {
  const building = new Map<string, number[]>();
  return {
    add(id: number, texts: string[]) {
      const terms = new Set(texts.flatMap((text) => piecesOf(foldText(text)).flatMap(introTermsOf)));
      for (const term of terms) {
        const list = building.get(term);
        if (list) list.push(id);
        else building.set(term, [id]);
      }
    },
    freeze() {
      const lists = new Map<string, Int32Array>();
      for (const [term, ids] of building) lists.set(term, Int32Array.from(ids).sort());
      building.clear();
      const EMPTY = new Int32Array(0);
      return {
        /** Books whose introductions hold every piece (each piece: any of its terms; Chinese: all its pairs). */
        match(pieces: TextPiece[]): Int32Array {
          let books: Int32Array | null = null;
          for (const piece of pieces) {
            const terms = introTermsOf(piece);
            const found: Int32Array = piece.isHan
              ? terms.map((term) => lists.get(term) ?? EMPTY).reduce(intersect)
              : terms.map((term) => lists.get(term) ?? EMPTY).reduce(union);
            books = books === null ? found : intersect(books, found);
            if (books.length === 0) break;
          }
          return books ?? EMPTY;
        },
      };
    },
  };
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
    fields: ['title', 'author', 'tags'],
    storeFields: [],
    tokenize: (text, field) => (field === undefined ? [text] : indexTerms(text, field)),
    processTerm: (term) => term,
    searchOptions: {
      tokenize: (text) => [text],
      processTerm: (term) => term,
      boost: { title: 8, author: 4, tags: 2 },
      maxFuzzy: 2,
    },
  });
  const titles = new Map<number, TitleForms>();
  const docs: IndexedDoc[] = [];
  const introductions = createIntroductionIndex();
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
    });
    introductions.add(book.id, book.introductions);
  }
  index.addAll(docs);
  const introductionIndex = introductions.freeze();

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
      const seen = new Set(ranked.map((match) => match.id));
      for (const id of introductionIndex.match(query.pieces)) {
        if (ranked.length >= QUERY_LIMITS.candidates) break;
        if (!seen.has(id)) ranked.push({ id, kind: MatchKind.introduction, isFuzzy: false, popularity: titles.get(id)?.popularity ?? 0 });
      }
      ranked.sort((a, b) => Number(a.isFuzzy) - Number(b.isFuzzy) || a.kind - b.kind || b.popularity - a.popularity || a.id - b.id);
      return ranked.map(({ id, kind, isFuzzy }) => ({ id, kind, isFuzzy }));
    },
    get size() {
      return index.documentCount;
    },
  };
}

export type BookSearchIndex = ReturnType<typeof createBookSearchIndex>;
