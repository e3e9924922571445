import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../lib/language';

/**
 * A text's `{{names}}` are what its caller fills. Every language must use the names the English
 * text uses, no other (a translation asking for `{{days}}` where the code gives `count` shows a
 * gap: "Coins (last  days)", issue 56). `{{count}}` may be left out of a plural form that says the
 * number in words ("عملة واحدة"). What the code gives is checked where a test renders the text: the
 * translator throws there on an unfilled name (test-support/setup.ts).
 */
const files = import.meta.glob<{ default: Record<string, unknown> }>(['./locales/*/*.json', './locales/*/admin/*.json'], { eager: true });
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;
const PLACEHOLDER = /\{\{\s*([^{}\s]+)\s*\}\}/g;

function texts(value: unknown, prefix = ''): [string, string][] {
  if (typeof value === 'string') return [[prefix, value]];
  if (typeof value !== 'object' || value === null) return [];
  return Object.entries(value).flatMap(([key, child]) => texts(child, prefix ? `${prefix}.${key}` : key));
}

/** Per namespace and key (plural forms folded into one), the names its texts use, `count` aside. */
function namesOf(language: string): Map<string, string> {
  const names = new Map<string, Set<string>>();
  for (const [path, module] of Object.entries(files)) {
    const match = /\.\/locales\/([^/]+)\/((?:admin\/)?[^/]+)\.json$/.exec(path);
    if (match?.[1] !== language) continue;
    for (const [key, text] of texts(module.default)) {
      const id = `${match[2]}:${key.replace(PLURAL_SUFFIX, '')}`;
      const set = names.get(id) ?? new Set<string>();
      for (const [, name] of text.matchAll(PLACEHOLDER)) if (name !== 'count') set.add(name!);
      names.set(id, set);
    }
  }
  return new Map([...names].map(([id, set]) => [id, [...set].sort().join(',')]));
}

describe('placeholders', () => {
  const english = namesOf('en-us');

  it('finds the texts, the console included', () => {
    expect([...english.keys()].filter((id) => id.startsWith('admin/')).length).toBeGreaterThan(200);
  });

  for (const language of LANGUAGES.filter((language) => language !== 'en-us')) {
    it(`${language} fills the names the English text fills, no other`, () => {
      const own = namesOf(language);
      const differing = [...english].filter(([id, names]) => own.has(id) && own.get(id) !== names).map(([id]) => id);
      expect(differing).toEqual([]);
    });
  }
});
