import type { ReactNode } from 'react';
import { linkText } from './link-text';

/**
 * Where a link may start: `http://`, `https://` or `www.`, not glued to a word before it, and it
 * runs to the first space, angle bracket, quote or backtick (characters a real address escapes).
 */
const LINK = /(?<![\p{L}\p{N}_@./])(?:https?:\/\/|www\.)[^\s<>"'`]+/giu;
/** Punctuation that ends a sentence rather than an address ("see https://x.example."). */
const TRAILING = /[.,;:!?…。，、！？)\]}»”’]+$/u;

/** The address a piece of text links to, or null: only http and https, with a host. */
export function safeHref(text: string): string | null {
  const candidate = /^www\./i.test(text) ? `https://${text}` : text;
  let url: URL;
  try {
    url = new URL(candidate);
  } catch {
    return null;
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !url.hostname) return null;
  return url.href;
}

/** Takes back a closing bracket that belongs to the sentence: "(see https://x.example/a)" keeps "a". */
function trimTrailing(text: string): string {
  let end = text.replace(TRAILING, '');
  // "https://en.wikipedia.org/wiki/Foo_(bar)" keeps its own balanced bracket.
  const trailing = text.slice(end.length);
  if (trailing.startsWith(')') && (end.match(/\(/g)?.length ?? 0) > (end.match(/\)/g)?.length ?? 0)) end += ')';
  return end;
}

/**
 * Comment text as React children: plain text nodes (React escapes them, so no markup in a comment
 * is ever interpreted) with http(s) and www. addresses as links that open apart from the reader,
 * tell search engines nothing (nofollow ugc) and hand the other site no window (noopener noreferrer).
 * A link's text shows the host it really goes to, as the address bar would (link-text.ts).
 * Anything else that looks like a link (javascript:, data:, a bare domain) stays text.
 */
export function linkify(text: string): ReactNode[] {
  const parts: ReactNode[] = [];
  let last = 0;
  for (const match of text.matchAll(LINK)) {
    const raw = trimTrailing(match[0]);
    const href = raw ? safeHref(raw) : null;
    if (!href) continue;
    const start = match.index;
    if (start > last) parts.push(text.slice(last, start));
    parts.push(
      <a key={start} href={href} rel="nofollow ugc noopener noreferrer" target="_blank" dir="ltr">
        {linkText(raw, new URL(href))}
      </a>,
    );
    last = start + raw.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}
