import { FIELD, FIELD_COUNT } from './book-terms.js';
import { bit, type Stream } from './match-kinds.js';
import type { Conjunction, TermChoice } from './search-query.js';
import type { TermIndex } from './term-index.js';

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
 * are); the book index walks its postings in popularity order instead (streamsOf below,
 * ranked-search.ts).
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

/**
 * A piece of the query as the lists that match it, each with the bits it gives (field, typo or
 * not); a conjunction (Chinese pairs, pinyin syllables) becomes the one list of books that meet
 * every choice in the same field (`meetAll`: posting-lists.ts). What the book index's walk reads.
 */
export function streamsOf(index: TermIndex, alternatives: Conjunction[], meetAll: (choices: Int32Array[][]) => Int32Array): Stream[] {
  const streams: Stream[] = [];
  for (let field = 0; field < FIELD_COUNT; field += 1) {
    for (const conjunction of alternatives) {
      if (field === FIELD.intro && conjunction.isTypo) continue;
      const bits = bit(field, conjunction.isTypo);
      if (conjunction.choices.length === 1) {
        for (const list of listsIn(index, field, conjunction.choices[0]!)) if (list.length > 0) streams.push({ bits, list });
        continue;
      }
      const list = meetAll(conjunction.choices.map((choice) => listsIn(index, field, choice)));
      if (list.length > 0) streams.push({ bits, list });
    }
  }
  return streams;
}
