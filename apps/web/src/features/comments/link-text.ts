/**
 * What a link in a comment shows: the host the browser will really visit, as browsers' address
 * bars show it. A comment's text is the writer's; its links' text is not taken on trust:
 *
 * - user-info goes: `https://evil.example@inkstream.example/` visits inkstream.example and says so;
 * - a host in another script shows in Unicode only when the address bar would: each label in one
 *   script (or Latin with the Chinese, Japanese or Korean scripts), and not a Cyrillic or Greek
 *   label made only of letters that look Latin. Otherwise the whole host shows as the punycode
 *   the browser asks DNS for: `https://аррӏе.com/` (all Cyrillic) shows `https://xn--80ak6aa92e.com/`;
 * - the path, query and fragment are kept as written, unless what follows the host is not a
 *   plain `/`, `?` or `#` (a backslash, user-info), when they are shown as the browser reads them.
 */

/** The scripts a host label may be shown in (one per label, CJK_MIXES aside). */
const SCRIPTS = [
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Hebrew',
  'Arabic',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Khmer',
  'Myanmar',
  'Georgian',
  'Ethiopic',
  'Hangul',
  'Hiragana',
  'Katakana',
  'Han',
  'Bopomofo',
].map((name) => [name, new RegExp(`^\\p{Script=${name}}$`, 'u')] as const);
/** Scripts written together in one word: Japanese, Korean, Chinese with bopomofo (each with Latin). */
const CJK_MIXES = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Hangul']),
  new Set(['Latin', 'Han', 'Bopomofo']),
];
/** Letters, marks, ASCII digits and hyphens: nothing else may be shown (other digits look like ours). */
const LABEL_CHARACTERS = /^[\p{L}\p{M}0-9-]+$/u;
/** Letters of no one script (the Japanese long vowel mark ー), which go with any. */
const SHARED_LETTER = /^[\p{Script=Common}\p{Script=Inherited}]$/u;
/**
 * Cyrillic and Greek letters that look like Latin ones (Chromium's list for Cyrillic): a label
 * made only of them reads as a Latin word it is not.
 */
const LATIN_ALIKE = {
  Cyrillic: /^[асԁеһіјӏорԗԛѕԝхуъьҽпгѵѡ]+$/u,
  Greek: /^[αικνορτυχ]+$/u,
} as const;

function scriptOf(letter: string): string | null {
  return SCRIPTS.find(([, test]) => test.test(letter))?.[0] ?? null;
}

/** Whether an address bar would show this (decoded) label as it is. */
export function isLabelShownAsWritten(label: string): boolean {
  if (!LABEL_CHARACTERS.test(label)) return false;
  const scripts = new Set<string>();
  for (const char of label) {
    if (!/\p{L}/u.test(char)) continue;
    const script = scriptOf(char);
    if (script) scripts.add(script);
    else if (!SHARED_LETTER.test(char)) return false;
  }
  if (scripts.size > 1 && !CJK_MIXES.some((mix) => [...scripts].every((script) => mix.has(script)))) return false;
  const letters = label.replace(/\P{L}/gu, '');
  for (const [script, alike] of Object.entries(LATIN_ALIKE)) {
    if (scripts.size === 1 && scripts.has(script) && alike.test(letters)) return false;
  }
  return true;
}

// RFC 3492 (punycode) decoding, for showing a label in Unicode; the browser's URL parser encodes.
const BASE = 36;
const T_MIN = 1;
const T_MAX = 26;

function adapt(delta: number, points: number, isFirst: boolean): number {
  let scaled = isFirst ? Math.floor(delta / 700) : delta >> 1;
  scaled += Math.floor(scaled / points);
  let k = 0;
  while (scaled > ((BASE - T_MIN) * T_MAX) >> 1) {
    scaled = Math.floor(scaled / (BASE - T_MIN));
    k += BASE;
  }
  return k + Math.floor(((BASE - T_MIN + 1) * scaled) / (scaled + 38));
}

function digitOf(code: number): number {
  if (code >= 0x30 && code <= 0x39) return code - 0x16;
  if (code >= 0x61 && code <= 0x7a) return code - 0x61;
  return BASE;
}

/** The Unicode of a punycode label (without its `xn--`), or null when it is not valid punycode. */
export function decodePunycode(input: string): string | null {
  const basicEnd = input.lastIndexOf('-');
  const output = [...input.slice(0, Math.max(basicEnd, 0))].map((char) => char.codePointAt(0)!);
  let n = 0x80;
  let bias = 72;
  let i = 0;
  for (let index = basicEnd > 0 ? basicEnd + 1 : 0; index < input.length;) {
    const before = i;
    for (let weight = 1, k = BASE; ; k += BASE) {
      if (index >= input.length) return null;
      const digit = digitOf(input.charCodeAt(index++));
      if (digit >= BASE) return null;
      i += digit * weight;
      const threshold = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias;
      if (digit < threshold) break;
      weight *= BASE - threshold;
      if (weight > 0x7fffffff) return null;
    }
    const length = output.length + 1;
    bias = adapt(i - before, length, before === 0);
    n += Math.floor(i / length);
    i %= length;
    if (n > 0x10ffff) return null;
    output.splice(i, 0, n);
    i += 1;
  }
  return String.fromCodePoint(...output);
}

/** The host as the address bar shows it: Unicode where every label passes, else all punycode. */
export function shownHost(hostname: string): string {
  const labels = hostname.split('.').map((label) => (label.startsWith('xn--') ? decodePunycode(label.slice(4)) : label));
  if (labels.some((label) => label === null || !isLabelShownAsWritten(label))) return hostname;
  return labels.join('.');
}

const SCHEME = /^[a-z][a-z0-9+.-]*:[/\\]*/i;

/**
 * The text of a link written as `typed` (an http(s) address or a `www.` one) that goes to `url`
 * (the address parsed from it): the real host, user-info left out, the rest as written.
 */
export function linkText(typed: string, url: URL): string {
  const scheme = SCHEME.exec(typed);
  const afterScheme = scheme ? typed.slice(scheme[0].length) : typed;
  const authorityEnd = afterScheme.search(/[/?#\\]/);
  const authority = authorityEnd === -1 ? afterScheme : afterScheme.slice(0, authorityEnd);
  const typedRest = authorityEnd === -1 ? '' : afterScheme.slice(authorityEnd);
  const isPlain = !authority.includes('@') && !typedRest.startsWith('\\');
  const rest = isPlain ? typedRest : `${url.pathname}${url.search}${url.hash}`;
  const port = url.port ? `:${url.port}` : '';
  // A `www.` address keeps its short form; anything rewritten says where it goes in full.
  const prefix = scheme || !isPlain ? `${url.protocol}//` : '';
  return `${prefix}${shownHost(url.hostname)}${port}${rest}`;
}
