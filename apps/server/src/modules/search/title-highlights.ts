import { LRUCache } from 'lru-cache';
import { withinEdits } from './term-index.js';
import { splitPinyin } from './pinyin-syllables.js';
import { bigramsOf, ELIDED, foldText, piecesOf, pinyinOf } from './search-text.js';

/** A stretch of a title, [start, end) in UTF-16 offsets (what a JavaScript string index counts). */
export type Range = [number, number];

/** As the index reads queries (search-query.ts QUERY_LIMITS): the words looked at. */
const MAX_PIECES = 8;
const ARABIC_ARTICLE = /^\u0627\u0644(?=\p{L}{2})/u;
/** A character and the marks that follow it (é written e + ◌́ is one). */
const CLUSTERS = /\P{M}\p{M}*|\p{M}+/gu;
const APOSTROPHE = /^['\u2018\u2019\u02bc\u0060\u00b4]$/;
/** l’, d’, qu’… before a word: foldText makes the apostrophe a space there (search-text.ts ELISION). */
const ELISION = new RegExp(String.raw`(^|[^\p{L}])(${ELIDED})(['\u2018\u2019\u02bc])(?=\p{L})`, 'giu');
const HAN = /\p{Script=Han}/u;
const WORD_PIECES = /\p{Script=Han}+|[^\p{Script=Han} ]+/gu;

/**
 * Folded characters seen before: foldText on one character costs microseconds (NFKC, OpenCC, three
 * normalisations), and titles share most of theirs. Bounded: cleared when full.
 */
const foldedChars = new Map<string, string>();
const FOLDED_CHARS_MAX = 20_000;

function foldCluster(cluster: string): string {
  let folded = foldedChars.get(cluster);
  if (folded !== undefined) return folded;
  folded = foldText(cluster);
  if (folded === '' && !APOSTROPHE.test(cluster) && !/[\p{L}\p{N}\p{M}]/u.test(cluster)) folded = ' ';
  if (foldedChars.size >= FOLDED_CHARS_MAX) foldedChars.clear();
  foldedChars.set(cluster, folded);
  return folded;
}

/** The folded title, and for each of its UTF-16 units the stretch of the original title it came from. */
interface FoldedTitle {
  text: string;
  from: number[];
  to: number[];
  /** Its words and Chinese runs (a run's pinyin filled in when first needed). */
  pieces: TitlePiece[];
}

/**
 * Titles folded before: a page of results is mostly the catalogue's popular books, shown again
 * for query after query. Titles only change with the catalogue, and a changed title is a new key.
 */
const foldedTitles = new LRUCache<string, FoldedTitle>({ max: 5_000 });

/**
 * Folds a title one character at a time (foldText on each: NFKC, case, Traditional → Simplified,
 * marks, Arabic letter forms), so every folded unit knows where it came from. A character that
 * folding drops (an apostrophe inside a word, a tatweel, a lone mark) adds nothing; punctuation
 * and spaces become one space, as in foldText.
 */
function foldWithMap(title: string): FoldedTitle {
  let folded = foldedTitles.get(title);
  if (!folded) {
    folded = foldTitle(title);
    foldedTitles.set(title, folded);
  }
  return folded;
}

function foldTitle(title: string): FoldedTitle {
  const elisions = new Set<number>();
  for (const found of title.matchAll(ELISION)) elisions.add(found.index + found[1]!.length + found[2]!.length);
  let text = '';
  const from: number[] = [];
  const to: number[] = [];
  for (const found of title.matchAll(CLUSTERS)) {
    const cluster = found[0];
    const start = found.index;
    const folded = elisions.has(start) ? ' ' : foldCluster(cluster);
    for (let i = 0; i < folded.length; i += 1) {
      text += folded[i];
      from.push(start);
      to.push(start + cluster.length);
    }
  }
  const pieces: TitlePiece[] = [];
  for (const found of text.matchAll(WORD_PIECES)) pieces.push({ text: found[0], at: found.index, isHan: HAN.test(found[0]) });
  return { text, from, to, pieces };
}

/** A word of the folded title, or a run of its Chinese characters, with where it starts in the folded text. */
interface TitlePiece {
  text: string;
  at: number;
  isHan: boolean;
  /** A Chinese run's pinyin, read once when a typed word is first compared with it. */
  pinyin?: { syllables: string[]; initials: string };
}

const wordForms = (word: string): string[] => {
  const bare = word.replace(ARABIC_ARTICLE, '');
  return bare === word ? [word] : [word, bare];
};
/** As the index allows (search-query.ts editsFor): one typo for words of 4 letters or more, two from 8. */
const editsFor = (word: string) => (word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0);

/** Whether a typed word finds a title word as the index would: as typed, its beginning (the last word), or one or two typos. */
function wordMatches(typed: string, titleWord: string, isLast: boolean): boolean {
  const typedForms = wordForms(typed);
  const titleForms = wordForms(titleWord);
  for (const t of typedForms) {
    for (const w of titleForms) {
      if (t === w || (isLast && t.length >= 2 && w.startsWith(t))) return true;
      const edits = editsFor(t);
      if (edits > 0 && t[0] === w[0] && Math.abs(t.length - w.length) <= edits && withinEdits(t, w, edits)) return true;
    }
  }
  return false;
}

/** Every place `needle` is in `haystack` (UTF-16 offsets). */
function occurrences(haystack: string, needle: string): number[] {
  const found: number[] = [];
  for (let at = haystack.indexOf(needle); at !== -1 && needle !== ''; at = haystack.indexOf(needle, at + needle.length)) found.push(at);
  return found;
}

/** Where a typed pinyin word is in a run of Chinese characters: its syllables in a row, or the run's initials (fbzm). */
function pinyinRanges(typed: string, run: TitlePiece, isLast: boolean): Range[] {
  if (!/^[a-z]+$/.test(typed)) return [];
  const chars = Array.from(run.text);
  run.pinyin ??= pinyinOf(run.text);
  const { syllables, initials } = run.pinyin;
  if (syllables.length !== chars.length) return [];
  const offsets: number[] = [];
  let offset = run.at;
  for (const char of chars) {
    offsets.push(offset);
    offset += char.length;
  }
  offsets.push(offset);
  const ranges: Range[] = [];
  const wanted = splitPinyin(typed, isLast) ?? [typed];
  for (let start = 0; start + wanted.length <= syllables.length; start += 1) {
    const fits = wanted.every((syllable, i) => {
      const actual = syllables[start + i]!;
      return actual === syllable || (isLast && i === wanted.length - 1 && actual.startsWith(syllable));
    });
    if (fits) ranges.push([offsets[start]!, offsets[start + wanted.length]!]);
  }
  if (typed.length >= 2 && initials.startsWith(typed)) ranges.push([offsets[0]!, offsets[typed.length]!]);
  return ranges;
}

/**
 * Where the words of a search are in a title, to highlight them: [start, end) ranges of the
 * original title in UTF-16 offsets, in order, merged where they touch. The title is folded as the
 * index folds it (search-text.ts), so "tempetes" marks "Tempêtes", 风暴 marks 風暴, "storm" marks
 * "ＳＴＯＲＭ", and "fengbao" marks 风暴. A title word is marked as the index matches it: as
 * typed, by its beginning for the last word typed, or within the typos the index allows.
 */
export function titleHighlights(title: string, query: string): Range[] {
  return titleHighlighter(query)(title);
}

/** titleHighlights for one query and many titles (a page of results): the query is read once. */
export function titleHighlighter(query: string): (title: string) => Range[] {
  const typed = piecesOf(foldText(query)).slice(0, MAX_PIECES);
  return (title) => (typed.length === 0 || title === '' ? [] : highlightsOf(title, typed));
}

function highlightsOf(title: string, typed: ReturnType<typeof piecesOf>): Range[] {
  const folded = foldWithMap(title);
  const { pieces } = folded;

  const marked: Range[] = [];
  typed.forEach((piece, position) => {
    const isLast = position === typed.length - 1;
    for (const titlePiece of pieces) {
      if (piece.isHan !== titlePiece.isHan) {
        if (!piece.isHan) marked.push(...pinyinRanges(piece.text, titlePiece, isLast));
        continue;
      }
      if (!piece.isHan) {
        if (wordMatches(piece.text, titlePiece.text, isLast)) marked.push([titlePiece.at, titlePiece.at + titlePiece.text.length]);
        continue;
      }
      // Chinese: the typed run where it is whole, else each of its pairs (the index ANDs the pairs).
      const whole = occurrences(titlePiece.text, piece.text);
      const parts = whole.length > 0 ? [piece.text] : bigramsOf(piece.text);
      for (const part of parts) {
        for (const at of occurrences(titlePiece.text, part)) marked.push([titlePiece.at + at, titlePiece.at + at + part.length]);
      }
    }
  });

  // Back to the original title's offsets, sorted and merged.
  const ranges = marked
    .filter(([start, end]) => end > start)
    .map(([start, end]): Range => [folded.from[start]!, folded.to[end - 1]!])
    .sort((a, b) => a[0] - b[0] || a[1] - b[1]);
  const merged: Range[] = [];
  for (const range of ranges) {
    const last = merged[merged.length - 1];
    if (last && range[0] <= last[1]) last[1] = Math.max(last[1], range[1]);
    else merged.push([...range]);
  }
  return merged;
}
