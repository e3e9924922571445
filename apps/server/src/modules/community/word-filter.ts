/**
 * The operator's word filter (comment_word_filters): each entry a word or phrase and what a match
 * does: 'mask' replaces the matched characters by asterisks, 'hold' keeps the whole text from
 * readers until a moderator looks at it. Matching ignores case, accents and width (each character
 * folded on its own, so the positions map back to the original text) and respects word edges for
 * letters and digits: "ass" does not match "class". A pattern in a script without spaces (Chinese,
 * Japanese) matches anywhere.
 */
export interface WordFilterEntry {
  pattern: string;
  action: 'mask' | 'hold';
}

export interface FilterOutcome {
  text: string;
  held: boolean;
  /** The entries that matched, for the moderators. */
  matched: string[];
}

const MARKS = /\p{M}/gu;
const WORD_CHAR = /[\p{L}\p{N}]/u;
const SPACELESS = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}]/u;

function foldChar(ch: string): string {
  return ch.normalize('NFKD').replace(MARKS, '').toLowerCase();
}

/** The folded text and, for each folded UTF-16 unit, the index of the original code point's first unit. */
function foldWithMap(text: string): { folded: string; map: number[]; ends: number[] } {
  let folded = '';
  const map: number[] = [];
  const ends: number[] = [];
  let index = 0;
  for (const ch of text) {
    const f = foldChar(ch);
    for (let i = 0; i < f.length; i++) {
      map.push(index);
      ends.push(index + ch.length);
    }
    folded += f;
    index += ch.length;
  }
  return { folded, map, ends };
}

export function foldPattern(pattern: string): string {
  let out = '';
  for (const ch of pattern.trim().replace(/\s+/g, ' ')) out += foldChar(ch);
  return out;
}

export function applyWordFilter(text: string, entries: readonly WordFilterEntry[]): FilterOutcome {
  if (entries.length === 0) return { text, held: false, matched: [] };
  const { folded, map, ends } = foldWithMap(text);
  const masked = new Array<boolean>(text.length).fill(false);
  let held = false;
  const matched: string[] = [];
  for (const entry of entries) {
    const pattern = foldPattern(entry.pattern);
    if (pattern.length === 0) continue;
    const edges = !SPACELESS.test(pattern);
    let hit = false;
    for (let at = folded.indexOf(pattern); at !== -1; at = folded.indexOf(pattern, at + 1)) {
      const before = folded[at - 1];
      const after = folded[at + pattern.length];
      if (edges && ((before !== undefined && WORD_CHAR.test(before)) || (after !== undefined && WORD_CHAR.test(after)))) continue;
      hit = true;
      if (entry.action === 'hold') break;
      for (let i = map[at]!; i < ends[at + pattern.length - 1]!; i++) masked[i] = true;
    }
    if (!hit) continue;
    matched.push(entry.pattern);
    if (entry.action === 'hold') held = true;
  }
  if (!masked.includes(true)) return { text, held, matched };
  let out = '';
  let index = 0;
  for (const ch of text) {
    out += masked[index] && WORD_CHAR.test(ch) ? '*' : ch;
    index += ch.length;
  }
  return { text: out, held, matched };
}
