import { splitPinyin } from './pinyin-syllables.js';
import { foldText, piecesOf } from './search-text.js';
import { withinEdits, type TermIndex } from './term-index.js';

/** As the index reads queries (search-query.ts QUERY_LIMITS): the words looked at. */
const MAX_PIECES = 8;
/**
 * Edits a correction may make to a word: more than the search forgives on its own (one from 4
 * letters, two from 8), since it is offered, not applied; none below 3 letters, where anything
 * is two edits from anything.
 */
const correctionEditsFor = (word: string) => (word.length >= 5 ? 2 : word.length >= 3 ? 1 : 0);

/** How many books have a term, in any field: the commoner of two equally near terms is the likelier meant. */
function booksWith(index: TermIndex, number: number, fieldCount: number): number {
  let count = 0;
  for (let field = 0; field < fieldCount; field += 1) count += index.books(field, number).length;
  return count;
}

/** The known term nearest a word (fewest edits, then in most books), or undefined. */
function nearestTerm(index: TermIndex, word: string, fieldCount: number): string | undefined {
  const edits = correctionEditsFor(word);
  if (edits === 0) return undefined;
  let best: { term: string; edits: number; books: number } | undefined;
  for (const number of index.nearTerms(word, edits)) {
    const term = index.vocabulary[number]!;
    const distance = edits > 1 && withinEdits(word, term, 1) ? 1 : edits;
    const books = booksWith(index, number, fieldCount);
    if (!best || distance < best.edits || (distance === best.edits && books > best.books)) best = { term, edits: distance, books };
  }
  return best?.term;
}

/**
 * "Did you mean": a query that found nothing, each word that no book has replaced by its nearest
 * known term (term-index.ts nearTerms: the same first letter, within the edits above). Chinese
 * runs and pinyin are kept as typed. Null when no word changes or the corrected query still finds
 * nothing (`finds`). Work is bounded as a search's: at most 8 words, one vocabulary scan each.
 */
export function suggestQuery(raw: string, index: TermIndex, fieldCount: number, finds: (query: string) => boolean): string | null {
  const pieces = piecesOf(foldText(raw)).slice(0, MAX_PIECES);
  let isChanged = false;
  const corrected = pieces.map(({ text, isHan }) => {
    if (isHan || index.numberOf(text) !== undefined || splitPinyin(text, false)) return text;
    const near = nearestTerm(index, text, fieldCount);
    if (near === undefined) return text;
    isChanged = true;
    return near;
  });
  if (!isChanged) return null;
  const suggestion = corrected.join(' ');
  return finds(suggestion) ? suggestion : null;
}
