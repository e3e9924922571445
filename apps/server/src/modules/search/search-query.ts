import { wordForms } from './book-terms.js';
import { splitPinyin } from './pinyin-syllables.js';
import { bigramsOf, foldText, piecesOf, type TextPiece } from './search-text.js';
import type { TermIndex } from './term-index.js';

/**
 * Work per query is bounded: words looked at, letters per word, terms a prefix or a typo may stand
 * for, and books listed.
 */
export const QUERY_LIMITS = { pieces: 8, pieceLength: 40, termsPerWord: 500, candidates: 1_000 } as const;

/** One edit for words of 4 letters or more, two from 8. */
const editsFor = (term: string) => (term.length >= 8 ? 2 : term.length >= 4 ? 1 : 0);

/**
 * Terms any of which matches (OR): given as terms, or as ranges of the sorted vocabulary (a
 * prefix). `isTypo`: found through a typo, not as typed.
 */
export interface TermChoice {
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

/** A typed query read as an index reads its texts, each piece as the terms of `index` that may match it. */
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
