/**
 * The shape rules of the text readers write for others to see (comments, reviews, report details,
 * feed-key names): one rule, here, so the server refuses and the web app warns by the same test.
 *
 * - Visible content: at least one character that draws something. Spaces of every width, format
 *   and default-ignorable characters (zero-width characters, variation selectors, the Hangul fillers
 *   U+115F, U+1160, U+3164 and U+FFA0, tag characters…), combining marks on their own and the
 *   braille blank U+2800 (a "pattern" with no dot, drawn as nothing) do not count: a text made
 *   only of them shows as an empty box.
 * - Combining marks: at most MARKS_PER_CHARACTER_MAX on one character. Real writing needs few
 *   (Thai and Hebrew stack up to four or five; a keycap emoji carries two); "Zalgo" text piles
 *   hundreds on one letter and draws over the lines around it. Joiners and other format
 *   characters between the marks do not start a new character.
 */
export const MARKS_PER_CHARACTER_MAX = 8;

export type TextShapeProblem = 'no_visible_text' | 'too_many_marks';

/** Characters that draw nothing by themselves (see above). */
const DRAWS_NOTHING = /[\p{White_Space}\p{Default_Ignorable_Code_Point}\p{Cf}\p{Cc}\p{M}\u2800]/u;
const MARK = /\p{M}/u;
/** Between marks, these do not make a new character: a joiner or a format character carries no mark. */
const NOT_A_BASE = /[\p{Cf}\p{Default_Ignorable_Code_Point}]/u;

/**
 * What is wrong with the text's shape, or null when it has visible content and no pile of marks.
 * Nothing visible is said first: fifty variation selectors alone are an empty text, not a pile.
 */
export function textShapeProblem(text: string): TextShapeProblem | null {
  let isVisible = false;
  let isPiled = false;
  let marks = 0;
  for (const char of text) {
    if (MARK.test(char)) {
      marks += 1;
      if (marks > MARKS_PER_CHARACTER_MAX) isPiled = true;
    } else if (!NOT_A_BASE.test(char)) marks = 0;
    if (!isVisible && !DRAWS_NOTHING.test(char)) isVisible = true;
  }
  if (!isVisible) return 'no_visible_text';
  return isPiled ? 'too_many_marks' : null;
}
