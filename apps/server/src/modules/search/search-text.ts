import * as OpenCC from 'opencc-js/t2cn';
import { pinyin } from 'pinyin-pro';

/**
 * How the search reads text: the same folding for what is indexed and what a reader types, so
 * "Héros", "heros" and "ＨＥＲＯＳ" are one word, 風暴之門 is 风暴之门, and أ/إ/آ are ا.
 *
 * Folding, in order: compatibility forms (NFKC: full-width letters and digits become ASCII,
 * half-width kana become full-width), lower case, Traditional Chinese characters to Simplified
 * (OpenCC's tables; a title written either way is one title), marks removed (accents on Latin
 * letters, Arabic short vowels and shadda), Arabic letter variants to one form (alef with hamza or
 * madda to alef, taa marbuta to haa, alef maqsura to yaa, tatweel dropped), French and Italian
 * elisions split (l’épingle is "l epingle", dell’anima "dell anima"), other apostrophes removed
 * inside words ("alchemist’s" = "alchemists"), and anything that is neither a letter nor a digit a
 * space. Readers often leave the apostrophe out ("lepingle"): the index also holds each elided
 * word glued to its article (foldGlued, book-terms.ts), so both spellings find it.
 */
const toSimplified = OpenCC.Converter({ from: 'tw', to: 'cn' });

const MARKS = /\p{M}+/gu;
const ALEF_VARIANTS = /[\u0622\u0623\u0625\u0671]/g;
const TAA_MARBUTA = /\u0629/g;
const ALEF_MAQSURA = /\u0649/g;
const TATWEEL = /\u0640/g;
const APOSTROPHES = /['\u2018\u2019\u02bc\u0060\u00b4]/g;
/**
 * Elided articles, pronouns and prepositions: French l’ d’ j’ s’ n’ m’ t’ c’ (any one letter) and
 * qu’; Italian dell’ dall’ nell’ sull’ all’ coll’ quell’ quest’ un’ sant’ bell’ nessun’. Shared with
 * title-highlights.ts, which marks them as this file folds them.
 */
export const ELIDED = String.raw`\p{L}|qu|dell|dall|nell|sull|all|coll|quell|quest|un|sant|bell|nessun`;
/** One of them at the start of a word: the article or pronoun is a word of its own. */
const ELISION = new RegExp(String.raw`(^|[^\p{L}])(${ELIDED})['\u2018\u2019\u02bc](?=\p{L})`, 'gu');
/** Any apostrophe at all: text without one has no elision, and nothing to glue. */
const HAS_APOSTROPHE = /['\u2018\u2019\u02bc\u0060\u00b4]/;
const NOT_WORD = /[^\p{L}\p{N}]+/gu;
const HAN = /\p{Script=Han}/u;
const HAN_RUNS = /\p{Script=Han}+|[^\p{Script=Han}]+/gu;

export function foldText(text: string): string {
  return fold(text, true);
}

/**
 * The text folded with its elisions glued instead of split ("l’épingle de jade" is "lepingle de
 * jade"), or null when that is foldText's reading (no apostrophe): the spelling of a reader who
 * leaves the apostrophe out.
 */
export function foldGlued(text: string): string | null {
  if (!HAS_APOSTROPHE.test(text)) return null;
  const glued = fold(text, false);
  return glued === fold(text, true) ? null : glued;
}

function fold(text: string, splitElisions: boolean): string {
  const simplified = toSimplified(text.normalize('NFKC').toLowerCase());
  const plain = simplified
    .normalize('NFD')
    .replace(MARKS, '')
    .normalize('NFC')
    .replace(ALEF_VARIANTS, '\u0627')
    .replace(TAA_MARBUTA, '\u0647')
    .replace(ALEF_MAQSURA, '\u064a')
    .replace(TATWEEL, '');
  return (splitElisions ? plain.replace(ELISION, '$1$2 ') : plain).replace(APOSTROPHES, '').replace(NOT_WORD, ' ').trim();
}

/** A piece of folded text: a word of a spaced script, or a run of Chinese characters. */
export interface TextPiece {
  text: string;
  isHan: boolean;
}

/** Splits folded text into words and runs of Chinese characters ("abc风暴" is two pieces). */
export function piecesOf(folded: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  for (const word of folded.split(' ')) {
    if (word === '') continue;
    for (const run of word.match(HAN_RUNS) ?? []) pieces.push({ text: run, isHan: HAN.test(run) });
  }
  return pieces;
}

/** Consecutive pairs of characters (one character stays itself): how Chinese, which has no spaces, is matched. */
export function bigramsOf(han: string): string[] {
  const chars = Array.from(han);
  if (chars.length < 2) return chars;
  return chars.slice(0, -1).map((char, i) => char + chars[i + 1]);
}

/**
 * The pinyin of a run of Chinese characters: its syllables without tones (ü folded to u, as a
 * reader types it and as foldText folds a query's tone marks: fēngbào is fengbao), and initials.
 */
export function pinyinOf(han: string): { syllables: string[]; initials: string } {
  const syllables = pinyin(han, { toneType: 'none', type: 'array' }).map((syllable) =>
    syllable.normalize('NFD').replace(MARKS, '').toLowerCase(),
  );
  return { syllables, initials: syllables.map((syllable) => syllable[0] ?? '').join('') };
}
