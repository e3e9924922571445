import { splitPinyin } from './pinyin-syllables.js';
import { bigramsOf, foldText, piecesOf, pinyinOf, type TextPiece } from './search-text.js';
import { TermIndexBuilder, type TermIndex } from './term-index.js';

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

/**
 * How well a book matched, best first: the whole title, the start of a title, every word in a
 * title, then the author, a tag, the introduction. Books found only through a typo come after
 * every book found as typed; popularity breaks the remaining ties.
 */
export const MatchKind = { exactTitle: 0, titlePrefix: 1, titleWords: 2, author: 3, tag: 4, introduction: 5 } as const;
const KINDS = 6;

/**
 * Work per query is bounded: words looked at, letters per word, terms a prefix or a typo may stand
 * for, and books listed.
 */
export const QUERY_LIMITS = { pieces: 8, pieceLength: 40, termsPerWord: 500, candidates: 1_000 } as const;

const FIELD = { title: 0, author: 1, tags: 2, intro: 3 } as const;
const FIELD_COUNT = 4;

const ARABIC_ARTICLE = /^\u0627\u0644(?=\p{L}{2})/u;

/** A word of a spaced script, and the same Arabic word without its article. */
const wordForms = (word: string): string[] => {
  const bare = word.replace(ARABIC_ARTICLE, '');
  return bare === word ? [word] : [word, bare];
};

/** A title, an author or a tag, folded once, with the pinyin of its Chinese runs when asked for. */
interface ReadName {
  folded: string;
  pieces: (TextPiece & { pinyin: { syllables: string[]; initials: string } | null })[];
}

function readName(text: string, withPinyin: boolean): ReadName {
  const folded = foldText(text);
  return {
    folded,
    pieces: piecesOf(folded).map((piece) => ({ ...piece, pinyin: withPinyin && piece.isHan ? pinyinOf(piece.text) : null })),
  };
}

/**
 * The index's terms of a title, an author or a tag: words (wordForms); Chinese as characters and
 * pairs of characters (one typed character also finds the pairs it starts, in introductions),
 * and, in titles and author names, as pinyin syllables and initials (风暴之门: feng, bao, zhi, men,
 * fbzm). Typed pinyin is split into syllables at query time (splitPinyin) rather than indexed in
 * every grouping.
 */
function namingTerms({ pieces }: ReadName): string[] {
  const terms: string[] = [];
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
function titleFormsOf({ folded, pieces }: ReadName): string[] {
  if (folded === '') return [];
  const pinyin = pieces.flatMap((piece) => piece.pinyin ?? []);
  if (pinyin.length === 0) return [folded];
  return [folded, pinyin.map((p) => p.syllables.join('')).join(''), pinyin.map((p) => p.initials).join('')];
}

/** An introduction's terms: words and pairs of Chinese characters; matched as typed only. */
const introductionTerms = (text: string): string[] =>
  piecesOf(foldText(text)).flatMap((piece) => (piece.isHan ? bigramsOf(piece.text) : wordForms(piece.text)));

/** One edit for words of 4 letters or more, two from 8. */
const editsFor = (term: string) => (term.length >= 8 ? 2 : term.length >= 4 ? 1 : 0);

/**
 * Terms any of which matches (OR): given as terms, or as ranges of the sorted vocabulary (a
 * prefix). `isTypo`: found through a typo, not as typed.
 */
interface TermChoice {
  numbers: number[];
  ranges: [number, number][];
  isTypo: boolean;
}
/** Choices that must all match (AND): the pairs of a Chinese word, the syllables of typed pinyin. */
export interface Conjunction {
  choices: TermChoice[];
  isTypo: boolean;
}

export interface ParsedQuery {
  folded: string;
  compact: string;
  /** Each piece of the query (a word, a Chinese run) as alternatives, any of which may match it. */
  pieces: Conjunction[][];
}

export function parseQuery(raw: string, index: TermIndex): ParsedQuery | null {
  const folded = foldText(raw.slice(0, QUERY_LIMITS.pieces * QUERY_LIMITS.pieceLength));
  const pieces: TextPiece[] = piecesOf(folded)
    .slice(0, QUERY_LIMITS.pieces)
    .map((piece) => ({ ...piece, text: Array.from(piece.text).slice(0, QUERY_LIMITS.pieceLength).join('') }));
  if (pieces.length === 0) return null;
  const numbersOf = (terms: string[]) => terms.flatMap((term) => index.numberOf(term) ?? []);
  const prefix = (text: string): [number, number] => {
    const [from, to] = index.prefixRange(text);
    return [from, Math.min(to, from + QUERY_LIMITS.termsPerWord)];
  };
  const exact = (numbers: number[], ranges: [number, number][] = []): Conjunction => ({
    choices: [{ numbers, ranges, isTypo: false }],
    isTypo: false,
  });

  const parsed = pieces.map((piece, position): Conjunction[] => {
    const isLast = position === pieces.length - 1;
    if (piece.isHan) {
      const pairs = bigramsOf(piece.text);
      // One character: the pairs it starts.
      if (pairs.length === 1) return [exact(numbersOf(pairs), [prefix(piece.text)])];
      return [{ choices: pairs.map((pair) => ({ numbers: numbersOf([pair]), ranges: [], isTypo: false })), isTypo: false }];
    }
    const word = piece.text;
    // What is still being typed matches the start of a word; a short beginning alone would match
    // half the index, after other words it is narrowed by them ("the storm ga").
    const isPrefix = isLast && word.length >= (pieces.length > 1 ? 2 : 3);
    const alternatives: Conjunction[] = [exact(numbersOf(wordForms(word)), isPrefix ? [prefix(word)] : [])];
    const edits = editsFor(word);
    if (edits > 0) {
      const near = index.nearTerms(word, edits).slice(0, QUERY_LIMITS.termsPerWord);
      if (near.length > 0) alternatives.push({ choices: [{ numbers: near, ranges: [], isTypo: true }], isTypo: true });
    }
    // Pinyin typed without spaces: every syllable, the last one possibly unfinished.
    const syllables = splitPinyin(word, isLast);
    if (syllables) {
      alternatives.push({
        choices: syllables.map((syllable, i) => {
          const isOpen = isLast && i === syllables.length - 1;
          return { numbers: numbersOf([syllable]), ranges: isOpen ? [prefix(syllable)] : [], isTypo: false };
        }),
        isTypo: false,
      });
    }
    return alternatives;
  });
  return { folded, compact: folded.replaceAll(' ', ''), pieces: parsed };
}

/** The book lists a choice stands for in a field (slices of the index, not copies). */
function listsOf(index: TermIndex, field: number, choice: TermChoice): Int32Array[] {
  const lists = choice.numbers.map((number) => index.books(field, number));
  // Introductions are matched as typed only: no prefixes there.
  if (field !== FIELD.intro) {
    for (const [from, to] of choice.ranges) for (let number = from; number < to; number += 1) lists.push(index.books(field, number));
  }
  return lists;
}

/**
 * Marks, for one piece of the query, every book it matches, with how (bits), and lists them.
 * Plain loops over the lists: a word common to every book visits 100,000 entries per field.
 * `fieldCount`: the fields searched (name-index.ts has only one, searched as titles are).
 */
export function matchPiece(
  index: TermIndex,
  alternatives: Conjunction[],
  fieldCount = FIELD_COUNT,
): { marks: Uint8Array; books: number[] } {
  const marks = new Uint8Array(index.maxBook + 1);
  const books: number[] = [];
  for (let field = 0; field < fieldCount; field += 1) {
    for (const conjunction of alternatives) {
      if (field === FIELD.intro && conjunction.isTypo) continue;
      const bits = bit(field, conjunction.isTypo);
      const choices = conjunction.choices.map((choice) => listsOf(index, field, choice));
      if (choices.length === 1) {
        for (const list of choices[0]!) {
          for (let i = 0; i < list.length; i += 1) {
            const book = list[i]!;
            if (marks[book] === 0) books.push(book);
            marks[book]! |= bits;
          }
        }
        continue;
      }
      // Every choice must match: count, per book, the choices met in order.
      const met = new Uint8Array(index.maxBook + 1);
      choices.forEach((lists, step) => {
        for (const list of lists) {
          for (let i = 0; i < list.length; i += 1) {
            if (met[list[i]!] === step) met[list[i]!] = step + 1;
          }
        }
      });
      for (const list of choices[choices.length - 1]!) {
        for (let i = 0; i < list.length; i += 1) {
          const book = list[i]!;
          if (met[book] !== choices.length) continue;
          if (marks[book] === 0) books.push(book);
          marks[book]! |= bits;
        }
      }
    }
  }
  return { marks, books };
}

export interface RankedMatch {
  id: number;
  kind: number;
  isFuzzy: boolean;
}

/** Bits of a book's match for one piece: found as typed in field f (bit f), through a typo (bit 4 + f). */
export const AS_TYPED = 0x0f;
const bit = (field: number, isTypo: boolean) => 1 << (field + (isTypo ? 4 : 0));

/**
 * An in-memory index of the published catalogue (term-index.ts), with the ranking above on top of
 * it. Built from the database a book at a time (`add`, so the caller can let requests run between
 * books: reading the terms of 100,000 books is seconds of work), then searched without I/O, in
 * bounded work per query.
 */
export function startBookSearchIndex() {
  const builder = new TermIndexBuilder(FIELD_COUNT);
  /** Folded titles of each book and, for Chinese ones, their whole pinyin and initials: what the two best kinds compare. */
  const titleForms = new Map<number, string[]>();
  const popularityOf = new Map<number, number>();

  /** A book already read (analyseBook): the delta keeps its books so, and indexes them again without reading them again. */
  function addAnalysed(book: AnalysedBook): void {
    book.terms.forEach((terms, field) => builder.add(field, book.id, terms));
    titleForms.set(book.id, book.titleForms);
    popularityOf.set(book.id, book.popularity);
  }

  return {
    add: (book: SearchableBook) => addAnalysed(analyseBook(book)),
    addAnalysed,
    finish: () => finishIndex(builder.build(), titleForms, popularityOf),
  };
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

function finishIndex(index: TermIndex, titleForms: Map<number, string[]>, popularityOf: Map<number, number>) {
  const count = popularityOf.size;
  // Books by popularity, most popular first (ties: lower id first); and each book's place in it.
  const byPopularity = Int32Array.from(popularityOf.keys()).sort((a, b) => popularityOf.get(b)! - popularityOf.get(a)! || a - b);
  const placeOf = new Int32Array(index.maxBook + 1);
  byPopularity.forEach((book, place) => (placeOf[book] = place));
  popularityOf.clear();

  const TITLE = bit(FIELD.title, false) | bit(FIELD.title, true);
  const AUTHOR = bit(FIELD.author, false) | bit(FIELD.author, true);
  const TAGS = bit(FIELD.tags, false) | bit(FIELD.tags, true);

  /** The kind of match: every piece in the title, else the fields some piece matched (`any`: their bits). */
  function kindOf(book: number, query: ParsedQuery, isTitleInEvery: boolean, any: number): number {
    if (isTitleInEvery) {
      const forms = titleForms.get(book) ?? [];
      if (forms.some((form) => form === query.folded || form === query.compact)) return MatchKind.exactTitle;
      if (forms.some((form) => form.startsWith(query.folded) || form.startsWith(query.compact))) return MatchKind.titlePrefix;
      return MatchKind.titleWords;
    }
    if ((any & AUTHOR) !== 0) return MatchKind.author;
    if ((any & TAGS) !== 0) return MatchKind.tag;
    return MatchKind.introduction;
  }

  return {
    /**
     * Matching books, best first (at most QUERY_LIMITS.candidates); [] for a query with nothing to
     * search. `hidden`: by book id, 1 for books left out as if they did not match (drafts for the
     * public, books a newer layer holds: search-layers.ts).
     */
    search(raw: string, hidden?: Uint8Array): RankedMatch[] {
      const query = parseQuery(raw, index);
      if (!query) return [];
      const pieces = query.pieces.map((piece) => matchPiece(index, piece));
      const smallest = pieces.reduce((a, b) => (b.books.length < a.books.length ? b : a));
      const marks = pieces.map((piece) => piece.marks);
      // Books every piece matched, each in a bucket by (typo or not, kind).
      const bucketOf = new Uint8Array(index.maxBook + 1);
      const sizes = new Int32Array(2 * KINDS + 1);
      for (const book of smallest.books) {
        let isEveryPiece = true;
        let isTitleInEvery = true;
        let isAsTyped = true;
        let any = 0;
        for (const m of marks) {
          const bits = m[book]!;
          if (bits === 0) isEveryPiece = false;
          // Per piece, the title as typed or through a typo both count as "in the title".
          if ((bits & TITLE) === 0) isTitleInEvery = false;
          if ((bits & AS_TYPED) === 0) isAsTyped = false;
          any |= bits;
        }
        if (!isEveryPiece || hidden?.[book] === 1) continue;
        const bucket = 1 + (isAsTyped ? 0 : KINDS) + kindOf(book, query, isTitleInEvery, any);
        bucketOf[book] = bucket;
        sizes[bucket]! += 1;
      }
      // Each bucket by popularity: a small one sorted, a large one read off the popularity order.
      const ranked: RankedMatch[] = [];

      for (let bucket = 1; bucket <= 2 * KINDS && ranked.length < QUERY_LIMITS.candidates; bucket += 1) {
        const size = sizes[bucket]!;
        if (size === 0) continue;
        const take = (book: number) => ranked.push({ id: book, kind: (bucket - 1) % KINDS, isFuzzy: bucket > KINDS });
        if (size <= 2_000) {
          const places = new Int32Array(size);
          let n = 0;
          for (const book of smallest.books) if (bucketOf[book] === bucket) places[n++] = placeOf[book]!;
          places.sort();
          for (const place of places) {
            if (ranked.length >= QUERY_LIMITS.candidates) break;
            take(byPopularity[place]!);
          }
        } else {
          for (let place = 0; place < byPopularity.length && ranked.length < QUERY_LIMITS.candidates; place += 1) {
            const book = byPopularity[place]!;
            if (bucketOf[book] === bucket) take(book);
          }
        }
      }
      return ranked;
    },
    get size() {
      return count;
    },
    /** The vocabulary and its postings, and how many fields they have: what "did you mean" reads (did-you-mean.ts). */
    terms: index,
    fieldCount: FIELD_COUNT,
  };
}

export type BookSearchIndex = ReturnType<typeof finishIndex>;
