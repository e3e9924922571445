/** A stretch of text, and whether it is one of the matched words. */
export interface TextPart {
  text: string;
  isMatch: boolean;
}

/**
 * Cuts a title into plain and matched stretches from the search's `title_highlights` ([start, end)
 * UTF-16 offsets into the title as the API returned it). The ranges come from the network, so they
 * are checked here: out of order, overlapping, out of bounds or not integers, they are skipped or
 * clamped, never trusted. The parts are rendered as text (React escapes them): no markup is made.
 */
export function highlightParts(text: string, ranges: readonly (readonly number[])[] | null | undefined): TextPart[] {
  const parts: TextPart[] = [];
  let at = 0;
  for (const range of ranges ?? []) {
    const [start, end] = range;
    if (!Number.isInteger(start) || !Number.isInteger(end)) continue;
    const from = Math.max(at, start!);
    const to = Math.min(text.length, end!);
    if (to <= from) continue;
    if (from > at) parts.push({ text: text.slice(at, from), isMatch: false });
    parts.push({ text: text.slice(from, to), isMatch: true });
    at = to;
  }
  if (at < text.length || parts.length === 0) parts.push({ text: text.slice(at), isMatch: false });
  return parts;
}
