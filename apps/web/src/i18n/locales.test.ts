import { GENRE_TAG_NAMES } from '@inkstream/contracts/tags';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '../lib/language';

// Every JSON namespace of every language (the console's under admin/), read at build time.
const files = import.meta.glob<{ default: Record<string, unknown> }>(['./locales/*/*.json', './locales/*/admin/*.json'], { eager: true });
const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function flatten(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([key, child]) => flatten(child, prefix ? `${prefix}.${key}` : key));
}

function namespaces(language: string): Map<string, string[]> {
  const result = new Map<string, string[]>();
  for (const [path, module] of Object.entries(files)) {
    const match = /\.\/locales\/([^/]+)\/((?:admin\/)?[^/]+)\.json$/.exec(path);
    if (match?.[1] === language) result.set(match[2]!, flatten(module.default));
  }
  return result;
}

const baseKeys = (keys: string[]) => [...new Set(keys.map((key) => key.replace(PLURAL_SUFFIX, '')))].sort();

describe('translations', () => {
  const reference = namespaces('en-us');

  it('has the English reference namespaces', () => {
    expect([...reference.keys()]).toContain('common');
  });

  for (const language of LANGUAGES) {
    it(`${language} has every namespace and key of en-us, with the plural forms its grammar needs`, () => {
      const own = namespaces(language);
      expect([...own.keys()].sort()).toEqual([...reference.keys()].sort());
      const required = new Intl.PluralRules(language).resolvedOptions().pluralCategories;
      for (const [namespace, keys] of reference) {
        const ownKeys = own.get(namespace) ?? [];
        expect(baseKeys(ownKeys), `${language}/${namespace}`).toEqual(baseKeys(keys));
        const plurals = baseKeys(keys.filter((key) => PLURAL_SUFFIX.test(key)));
        for (const plural of plurals) {
          for (const category of required) {
            expect(ownKeys, `${language}/${namespace}: ${plural}_${category}`).toContain(`${plural}_${category}`);
          }
        }
      }
    });
  }

  // Issue 56: "من 5 قارئ" (Arabic's singular after 3–10), "1 readers": a text that writes a count
  // must be chosen by the count's plural category (Intl.PluralRules, as the translator does).
  it('writes every count ({{count}}) through plural forms, in every language', () => {
    const counted: string[] = [];
    const visit = (value: unknown, path: string) => {
      if (typeof value === 'string') {
        if (value.includes('{{count}}') && !PLURAL_SUFFIX.test(path)) counted.push(path);
      } else if (typeof value === 'object' && value !== null) {
        for (const [key, child] of Object.entries(value)) visit(child, `${path}.${key}`);
      }
    };
    for (const [path, module] of Object.entries(files)) visit(module.default, path);
    expect(counted).toEqual([]);
  });

  it('never leaves a value empty', () => {
    for (const [path, module] of Object.entries(files)) {
      const values = JSON.stringify(module.default);
      expect(values.includes('""'), path).toBe(false);
    }
  });

  it('names the genre tags as the search on the server knows them (contracts GENRE_TAG_NAMES)', () => {
    const tagsOf = (language: string) =>
      (
        Object.entries(files).find(([path]) => path === `./locales/${language}/common.json`)?.[1].default as {
          tags: Record<string, string>;
        }
      ).tags;
    const shown = Object.fromEntries(
      Object.keys(GENRE_TAG_NAMES).map((tag) => [tag, ['en-us', 'fr-fr', 'es-es', 'ar-sa'].map((language) => tagsOf(language)[tag])]),
    );
    expect(shown).toEqual(GENRE_TAG_NAMES);
    expect(Object.keys(tagsOf('zh-cn')).every((tag) => tagsOf('zh-cn')[tag] === tag)).toBe(true);
  });
});
