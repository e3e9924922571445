import { splitPinyin } from './pinyin-syllables.js';
import { bigramsOf, foldGlued, foldText, piecesOf, pinyinOf, type TextPiece } from './search-text.js';
import { sortInSteps, TermIndexBuilder, type TermIndex } from './term-index.js';

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

export interface RankedMatch {
  id: number;
  kind: number;
  isFuzzy: boolean;
}

/** The book lists a choice stands for in a field (slices of the index, not copies). */
function listsIn(index: TermIndex, field: number, choice: TermChoice): Int32Array[] {
  const lists = choice.numbers.map((number) => index.books(field, number));
  // Introductions are matched as typed only: no prefixes there.
  if (field !== FIELD.intro) {
    for (const [from, to] of choice.ranges) for (let number = from; number < to; number += 1) lists.push(index.books(field, number));
  }
  return lists;
}

/**
 * Marks, for one piece of the query, every entry it matches, with how (bits), and lists them:
 * the plain way, for the small indexes of names (name-index.ts, one field searched as titles
 * are); the book index walks its postings in popularity order instead (`search` below).
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
      const choices = conjunction.choices.map((choice) => listsIn(index, field, choice));
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
const TITLE = bit(FIELD.title, false) | bit(FIELD.title, true);
const AUTHOR = bit(FIELD.author, false) | bit(FIELD.author, true);
const TAGS = bit(FIELD.tags, false) | bit(FIELD.tags, true);

/**
 * An in-memory index of the published catalogue (term-index.ts), with the ranking above on top of
 * it. Built from the database a book at a time (`add`, so the caller can let requests run between
 * books: reading the terms of 100,000 books is seconds of work), then searched without I/O, in
 * bounded work per query. `finish` builds it at once; `finishInTurns` in slices, awaiting
 * `letOthersRun` whenever a slice has held the event loop for a few milliseconds.
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

  /**
   * Books by popularity, most popular first (ties: lower id first): a book's place in that order
   * is its number in the index's postings, so every posting list is in popularity order.
   */
  function* finishInSteps(): Generator<void, BookSearchIndex> {
    const ids = Int32Array.from(popularityOf.keys());
    const popularity = Float64Array.from(popularityOf.values());
    const byPlace = yield* sortInSteps(
      Int32Array.from(ids, (_, i) => i),
      (a, b) => popularity[b]! - popularity[a]! || ids[a]! - ids[b]!,
    );
    const bookAt = Int32Array.from(byPlace, (i) => ids[i]!);
    const placeOf = new Int32Array(ids.reduce((max, id) => Math.max(max, id), 0) + 1);
    bookAt.forEach((book, place) => (placeOf[book] = place));
    const formsAt = Array.from(bookAt, (book) => titleForms.get(book) ?? []);
    titleForms.clear();
    popularityOf.clear();
    yield;
    // Every title form once, sorted, with its book's place: the books whose title is or starts with a query are a range.
    const formTexts: string[] = [];
    const formOwners: number[] = [];
    formsAt.forEach((forms, place) => {
      for (const form of forms) {
        formTexts.push(form);
        formOwners.push(place);
      }
    });
    const formOrder = yield* sortInSteps(
      Int32Array.from(formTexts, (_, i) => i),
      (a, b) => (formTexts[a]! < formTexts[b]! ? -1 : formTexts[a]! > formTexts[b]! ? 1 : 0),
    );
    const titles: SortedTitles = {
      texts: Array.from(formOrder, (i) => formTexts[i]!),
      places: Int32Array.from(formOrder, (i) => formOwners[i]!),
    };
    const index = yield* builder.buildInSteps(placeOf);
    return finishIndex(index, bookAt, formsAt, titles);
  }

  return {
    add: (book: SearchableBook) => addAnalysed(analyseBook(book)),
    addAnalysed,
    finish(): BookSearchIndex {
      const steps = finishInSteps();
      for (;;) {
        const step = steps.next();
        if (step.done) return step.value;
      }
    },
    async finishInTurns(letOthersRun: () => Promise<void>, sliceMs = 10): Promise<BookSearchIndex> {
      const steps = finishInSteps();
      let sliceStart = performance.now();
      for (;;) {
        const step = steps.next();
        if (step.done) return step.value;
        if (performance.now() - sliceStart >= sliceMs) {
          await letOthersRun();
          sliceStart = performance.now();
        }
      }
    },
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

/** A list of books (places) that give a piece `bits` when a book is in it. */
interface Stream {
  bits: number;
  list: Int32Array;
}

/** The first index of `list` at or after `from` whose value is at least `value` (galloping, then binary search). */
function seek(list: Int32Array, from: number, value: number): number {
  let step = 1;
  let low = from;
  let high = from;
  while (high < list.length && list[high]! < value) {
    low = high + 1;
    high += step;
    step *= 2;
  }
  if (high > list.length) high = list.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (list[middle]! < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** Title forms (titleFormsOf) of every book, sorted, and the place of the book of each. */
interface SortedTitles {
  texts: string[];
  places: Int32Array;
}

function finishIndex(index: TermIndex, bookAt: Int32Array, formsAt: string[][], titles: SortedTitles) {
  const count = bookAt.length;

  const firstTitleFrom = (value: string) => {
    let low = 0;
    let high = titles.texts.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (titles.texts[middle]! < value) low = middle + 1;
      else high = middle;
    }
    return low;
  };
  /** The last place of a book with a title form in [from, to), -1 for none. */
  const lastPlaceIn = (from: number, to: number) => {
    let last = -1;
    for (let i = from; i < to; i += 1) if (titles.places[i]! > last) last = titles.places[i]!;
    return last;
  };
  /**
   * The last place of a book whose title is the query (folded, or without spaces), and of one whose
   * title starts with it: past them no book can be of those two kinds.
   */
  function lastTitlePlaces(query: ParsedQuery): { exact: number; prefix: number } {
    let exact = -1;
    let prefix = -1;
    for (const text of new Set([query.folded, query.compact])) {
      const from = firstTitleFrom(text);
      exact = Math.max(exact, lastPlaceIn(from, firstTitleFrom(`${text}\u0000`)));
      prefix = Math.max(prefix, lastPlaceIn(from, firstTitleFrom(`${text}\uffff`)));
    }
    return { exact, prefix };
  }

  /** A byte per book for unions, cleared after each use. */
  let scratch: Uint8Array | undefined;

  /**
   * The books in any of `lists`, sorted, once each: a few short lists are joined and sorted, many
   * or long ones (a prefix of 500 terms) marked in a byte per book and read back in order.
   */
  function union(lists: Int32Array[]): Int32Array {
    if (lists.length === 1) return lists[0]!;
    const total = lists.reduce((sum, list) => sum + list.length, 0);
    if (total <= 4_096) {
      const all = new Int32Array(total);
      let at = 0;
      for (const list of lists) {
        all.set(list, at);
        at += list.length;
      }
      all.sort();
      let kept = 0;
      for (let i = 0; i < all.length; i += 1) if (i === 0 || all[i] !== all[i - 1]) all[kept++] = all[i]!;
      return all.subarray(0, kept);
    }
    const marks = (scratch ??= new Uint8Array(count));
    let low = count;
    let high = -1;
    for (const list of lists) {
      if (list.length === 0) continue;
      if (list[0]! < low) low = list[0]!;
      if (list[list.length - 1]! > high) high = list[list.length - 1]!;
      for (let i = 0; i < list.length; i += 1) marks[list[i]!] = 1;
    }
    const out = new Int32Array(total);
    let kept = 0;
    for (let place = low; place <= high; place += 1) {
      if (marks[place] === 0) continue;
      out[kept++] = place;
      marks[place] = 0;
    }
    return out.subarray(0, kept);
  }

  /**
   * The books in at least one list of every choice (a conjunction), sorted: the choice with the
   * fewest books is read in full, each other one only checked for those books, smallest first,
   * until none is left (by galloping through its lists, or by marking them when that is cheaper).
   */
  function meetAll(choices: Int32Array[][]): Int32Array {
    const sizeOf = (lists: Int32Array[]) => lists.reduce((sum, list) => sum + list.length, 0);
    const sized = choices.map((lists) => ({ lists: lists.filter((list) => list.length > 0), size: sizeOf(lists) }));
    sized.sort((a, b) => a.size - b.size);
    let current = union(sized[0]!.lists);
    for (let c = 1; c < sized.length && current.length > 0; c += 1) {
      const { lists, size } = sized[c]!;
      const kept = new Int32Array(current.length);
      let n = 0;
      // Galloping costs a few steps per book and list; marking, two visits of every posting.
      if (current.length * lists.length * 4 < 2 * size) {
        const cursors = new Int32Array(lists.length);
        for (const place of current) {
          let isIn = false;
          for (let l = 0; l < lists.length && !isIn; l += 1) {
            const list = lists[l]!;
            const at = seek(list, cursors[l]!, place);
            cursors[l] = at;
            isIn = at < list.length && list[at] === place;
          }
          if (isIn) kept[n++] = place;
        }
      } else {
        const marks = (scratch ??= new Uint8Array(count));
        for (const list of lists) for (let i = 0; i < list.length; i += 1) marks[list[i]!] = 1;
        for (const place of current) if (marks[place] === 1) kept[n++] = place;
        for (const list of lists) for (let i = 0; i < list.length; i += 1) marks[list[i]!] = 0;
      }
      current = kept.subarray(0, n);
    }
    return current;
  }

  /** The book lists a choice stands for in a field (slices of the index, not copies). */
  function listsOf(field: number, choice: TermChoice): Int32Array[] {
    const lists = choice.numbers.map((number) => index.books(field, number));
    // Introductions are matched as typed only: no prefixes there.
    if (field !== FIELD.intro) {
      for (const [from, to] of choice.ranges) for (let number = from; number < to; number += 1) lists.push(index.books(field, number));
    }
    return lists;
  }

  /**
   * A piece of the query as the lists that match it, each with the bits it gives (field, typo or
   * not); a conjunction (Chinese pairs, pinyin syllables) becomes the one list of books that meet
   * every choice in the same field.
   */
  function streamsOf(alternatives: Conjunction[]): Stream[] {
    const streams: Stream[] = [];
    for (let field = 0; field < FIELD_COUNT; field += 1) {
      for (const conjunction of alternatives) {
        if (field === FIELD.intro && conjunction.isTypo) continue;
        const bits = bit(field, conjunction.isTypo);
        if (conjunction.choices.length === 1) {
          for (const list of listsOf(field, conjunction.choices[0]!)) if (list.length > 0) streams.push({ bits, list });
          continue;
        }
        const list = meetAll(conjunction.choices.map((choice) => listsOf(field, choice)));
        if (list.length > 0) streams.push({ bits, list });
      }
    }
    return streams;
  }

  /** The kind of match: every piece in the title, else the fields some piece matched (`any`: their bits). */
  function kindOf(place: number, query: ParsedQuery, isTitleInEvery: boolean, any: number): number {
    if (isTitleInEvery) {
      const forms = formsAt[place]!;
      if (forms.some((form) => form === query.folded || form === query.compact)) return MatchKind.exactTitle;
      if (forms.some((form) => form.startsWith(query.folded) || form.startsWith(query.compact))) return MatchKind.titlePrefix;
      return MatchKind.titleWords;
    }
    if ((any & AUTHOR) !== 0) return MatchKind.author;
    if ((any & TAGS) !== 0) return MatchKind.tag;
    return MatchKind.introduction;
  }

  /** The bucket of a book that every piece matched (`bits`: per piece), 1 to 2 × KINDS; 0 when a piece did not match. */
  function bucketOf(place: number, query: ParsedQuery, bits: ArrayLike<number>): number {
    let isTitleInEvery = true;
    let isAsTyped = true;
    let any = 0;
    for (let p = 0; p < bits.length; p += 1) {
      const b = bits[p]!;
      if (b === 0) return 0;
      // Per piece, the title as typed or through a typo both count as "in the title".
      if ((b & TITLE) === 0) isTitleInEvery = false;
      if ((b & AS_TYPED) === 0) isAsTyped = false;
      any |= b;
    }
    return 1 + (isAsTyped ? 0 : KINDS) + kindOf(place, query, isTitleInEvery, any);
  }

  /**
   * The best bucket a book at or after each place can reach with these pieces: the walk below stops
   * once the books it holds in that bucket and better ones are enough. A book is of the two best
   * kinds only if its title is or starts with the query (`last`: past which no title does).
   */
  function bestBuckets(pieces: Stream[][], last: { exact: number; prefix: number }): (place: number) => number {
    const has = (piece: Stream[], mask: number) => piece.some((stream) => (stream.bits & mask) !== 0);
    const fuzzy = pieces.every((piece) => has(piece, AS_TYPED)) ? 0 : KINDS;
    let other: number = MatchKind.introduction;
    if (pieces.some((piece) => has(piece, AUTHOR))) other = MatchKind.author;
    else if (pieces.some((piece) => has(piece, TAGS))) other = MatchKind.tag;
    if (!pieces.every((piece) => has(piece, TITLE))) return () => 1 + fuzzy + other;
    return (place) =>
      1 + fuzzy + (place <= last.exact ? MatchKind.exactTitle : place <= last.prefix ? MatchKind.titlePrefix : MatchKind.titleWords);
  }

  /** Byte per book, reused by every query (searches run one at a time, each to its end): a piece's bits. */
  const markPool: Uint8Array[] = [];
  const marksFor = (slot: number) => (markPool[slot] ??= new Uint8Array(count));

  /** Marks every book of `streams` with its bits; returns the range of places touched and how many books. */
  function mark(marks: Uint8Array, streams: Stream[]): { low: number; high: number; books: number } {
    let low = count;
    let high = -1;
    let books = 0;
    for (const { bits, list } of streams) {
      if (list[0]! < low) low = list[0]!;
      if (list[list.length - 1]! > high) high = list[list.length - 1]!;
      for (let i = 0; i < list.length; i += 1) {
        const place = list[i]!;
        if (marks[place] === 0) books += 1;
        marks[place]! |= bits;
      }
    }
    return { low, high, books };
  }

  const costOf = (streams: Stream[]) => streams.reduce((sum, stream) => sum + stream.list.length, 0);

  /** Books every piece matched, in buckets, each bucket in popularity order: at most QUERY_LIMITS.candidates in all, best first. */
  function ranked(query: ParsedQuery, buckets: number[][]): RankedMatch[] {
    const out: RankedMatch[] = [];
    for (let bucket = 1; bucket <= 2 * KINDS && out.length < QUERY_LIMITS.candidates; bucket += 1) {
      for (const place of buckets[bucket]!) {
        if (out.length >= QUERY_LIMITS.candidates) break;
        out.push({ id: bookAt[place]!, kind: (bucket - 1) % KINDS, isFuzzy: bucket > KINDS });
      }
    }
    return out;
  }

  return {
    /**
     * Matching books, best first (at most QUERY_LIMITS.candidates); [] for a query with nothing to search.
     *
     * Postings are places in the popularity order, so walking the books of the rarest piece from
     * place 0 meets each bucket's books in the order they are listed. The rarest piece's books are
     * marked; every other piece is either marked too (when it has few books) or only looked up
     * for the walk's books, by galloping through its sorted lists (a word every book has costs a
     * few steps per candidate instead of a visit of 100,000 postings). The walk stops once the best
     * bucket any book can reach holds QUERY_LIMITS.candidates books: no later book can rank before them.
     *
     * `hidden`: by book id, 1 for books left out as if they did not match (drafts for the public,
     * books a newer layer holds: search-layers.ts); they take no part in the stop rule either.
     */
    search(raw: string, hidden?: Uint8Array): RankedMatch[] {
      const query = parseQuery(raw, index);
      if (!query) return [];
      const pieces = query.pieces.map(streamsOf);
      const costs = pieces.map(costOf);
      if (costs.some((cost) => cost === 0)) return [];
      const order = pieces.map((_, p) => p).sort((a, b) => costs[a]! - costs[b]!);
      const driver = order[0]!;
      const others = order.slice(1);
      const marked: { marks: Uint8Array; low: number; high: number }[] = [];
      try {
        const driverMarks = marksFor(0);
        const { low, high, books } = mark(driverMarks, pieces[driver]!);
        marked.push({ marks: driverMarks, low, high });
        // Per other piece: its marks, or its streams and a cursor per stream for the lookups.
        const lookups = others.map((p) => {
          const streams = pieces[p]!;
          const galloping = streams.reduce(
            (sum, s) => sum + Math.min(s.list.length, books * (2 + Math.log2(1 + s.list.length / books))),
            0,
          );
          if (galloping >= costs[p]!) {
            const marks = marksFor(marked.length);
            marked.push({ marks, ...mark(marks, streams) });
            return { marks, streams, cursors: null };
          }
          return { marks: null, streams, cursors: new Int32Array(streams.length) };
        });
        const bits = new Uint8Array(pieces.length);
        const buckets: number[][] = Array.from({ length: 2 * KINDS + 1 }, () => []);
        const bestAt = bestBuckets(pieces, lastTitlePlaces(query));
        const sizes = new Int32Array(2 * KINDS + 1);
        for (let place = low; place <= high; place += 1) {
          const own = driverMarks[place]!;
          if (own === 0 || hidden?.[bookAt[place]!] === 1) continue;
          bits[driver] = own;
          let isEveryPiece = true;
          for (let o = 0; o < others.length && isEveryPiece; o += 1) {
            const lookup = lookups[o]!;
            let found = 0;
            if (lookup.marks) found = lookup.marks[place]!;
            else {
              const { streams, cursors } = lookup;
              for (let s = 0; s < streams.length; s += 1) {
                const { list, bits: streamBits } = streams[s]!;
                const at = seek(list, cursors![s]!, place);
                cursors![s] = at;
                if (at < list.length && list[at] === place) found |= streamBits;
              }
            }
            bits[others[o]!] = found;
            if (found === 0) isEveryPiece = false;
          }
          if (!isEveryPiece) continue;
          const bucket = bucketOf(place, query, bits);
          buckets[bucket]!.push(place);
          sizes[bucket]! += 1;
          // Every later book is at best in bucket `best`: enough books in it and better ones end the walk.
          const best = bestAt(place + 1);
          if (bucket > best) continue;
          let ahead = 0;
          for (let b = 1; b <= best; b += 1) ahead += sizes[b]!;
          if (ahead >= QUERY_LIMITS.candidates) break;
        }
        return ranked(query, buckets);
      } finally {
        for (const { marks, low, high } of marked) if (high >= low) marks.fill(0, low, high + 1);
      }
    },

    /** The same ranking by looking at every book (no marks, no early stop): what the tests compare `search` with. */
    searchEveryBook(raw: string, hidden?: Uint8Array): RankedMatch[] {
      const query = parseQuery(raw, index);
      if (!query) return [];
      const pieces = query.pieces.map(streamsOf);
      const buckets: number[][] = Array.from({ length: 2 * KINDS + 1 }, () => []);
      for (let place = 0; place < count; place += 1) {
        if (hidden?.[bookAt[place]!] === 1) continue;
        const bits = pieces.map((streams) =>
          streams.reduce((found, { list, bits }) => (list[seek(list, 0, place)] === place ? found | bits : found), 0),
        );
        const bucket = bucketOf(place, query, bits);
        if (bucket > 0) buckets[bucket]!.push(place);
      }
      return ranked(query, buckets);
    },

    get size() {
      return count;
    },
    /** The vocabulary and its postings: "did you mean" looks for near terms in it (did-you-mean.ts). */
    terms: index,
    fieldCount: FIELD_COUNT,
  };
}

export type BookSearchIndex = ReturnType<typeof finishIndex>;
