import { describe, expect, it } from 'vitest';
import arSa from './locales/ar-sa/index';
import enUs from './locales/en-us/index';
import { createTranslator, reportMissingValues } from './translator';

describe('createTranslator', () => {
  const en = createTranslator('en-us', {
    common: { title: 'Inkstream', nav: { home: 'Home' }, 'flat.key': 'Flat', greeting: 'Hi {{name}}, {{ name }}!' },
    books: {
      chapters_one: '{{count}} chapter',
      chapters_other: '{{count}} chapters',
      likes_zero: 'No likes yet',
      likes_one: 'One like',
      likes_other: '{{formatted}} likes',
      plain: 'Plain {{count}}',
    },
  });

  it('reads nested keys, flat keys with dots, and another namespace by prefix', () => {
    const t = en.fixedT('common');
    expect(t('title')).toBe('Inkstream');
    expect(t('nav.home')).toBe('Home');
    expect(t('flat.key')).toBe('Flat');
    expect(t('books:plain', { count: 2 })).toBe('Plain 2');
    // A prefix that is no namespace is part of the key.
    expect(t('nope:title')).toBe('nope:title');
  });

  it("writes a count with the site's count formatter: grouped per language, Latin digits", () => {
    expect(en.fixedT('books')('chapters', { count: 18452 })).toBe('18,452 chapters');
    const fr = createTranslator('fr-fr', { books: { chapters_other: '{{count}} chapitres' } });
    expect(fr.fixedT('books')('chapters', { count: 18452 })).toMatch(/^18\s452 chapitres$/);
    const ar = createTranslator('ar-sa', { books: { chapters_other: '{{count}} فصل' } });
    expect(ar.fixedT('books')('chapters', { count: 1200 })).toBe('1,200 فصل');
  });

  it('fills values in, and a value not given with nothing, reporting it (the web tests make the report throw)', () => {
    expect(en.fixedT('common')('greeting', { name: 'Mei' })).toBe('Hi Mei, Mei!');
    expect(en.fixedT('common')('greeting', { name: '$& $1' })).toBe('Hi $& $1, $& $1!');
    const reported: string[] = [];
    reportMissingValues((name, text, language) => reported.push(`${language}:${name}:${text}`));
    try {
      expect(en.fixedT('common')('greeting')).toBe('Hi , !');
    } finally {
      reportMissingValues((name, text, language) => {
        throw new Error(`Unfilled {{${name}}} in the ${language} text "${text}"`);
      });
    }
    expect(reported).toEqual(['en-us:name:Hi {{name}}, {{ name }}!', 'en-us:name:Hi {{name}}, {{ name }}!']);
    expect(() => en.fixedT('common')('greeting')).toThrow('Unfilled {{name}}');
  });

  it('picks the plural form of the language, _zero first when the count is 0, then the bare key', () => {
    const t = en.fixedT('books');
    expect(t('chapters', { count: 1 })).toBe('1 chapter');
    expect(t('chapters', { count: 0 })).toBe('0 chapters');
    expect(t('chapters', { count: 12 })).toBe('12 chapters');
    expect(t('likes', { count: 0 })).toBe('No likes yet');
    expect(t('likes', { count: 1, formatted: '1' })).toBe('One like');
    expect(t('likes', { count: 1200, formatted: '1.2K' })).toBe('1.2K likes');
    expect(t('plain', { count: 3 })).toBe('Plain 3');
  });

  it('uses Arabic plural categories (zero, one, two, few, many, other)', () => {
    const ar = createTranslator('ar-sa', {
      books: { n_zero: 'z', n_one: 'o', n_two: 't', n_few: 'f{{count}}', n_many: 'm{{count}}', n_other: 'x{{count}}' },
    });
    const t = ar.fixedT('books');
    expect([0, 1, 2, 3, 11, 100].map((count) => t('n', { count }))).toEqual(['z', 'o', 't', 'f3', 'm11', 'x100']);
  });

  it('answers a missing key with the default value, else with the key', () => {
    const t = en.fixedT('common');
    expect(t('tags.custom tag', { defaultValue: 'custom tag' })).toBe('custom tag');
    expect(t('missing.key')).toBe('missing.key');
    expect(t('books:missing')).toBe('missing');
  });

  it('merges added texts into a namespace, and keeps one t per namespace', () => {
    const translator = createTranslator('en-us', { common: { a: 'A', nested: { b: 'B' } } });
    const t = translator.fixedT('common');
    translator.addResources('common', { nested: { c: 'C' } });
    translator.addResources('admin', { d: 'D' });
    expect([t('a'), t('nested.b'), t('nested.c'), t('admin:d')]).toEqual(['A', 'B', 'C', 'D']);
    expect(translator.fixedT('common')).toBe(t);
    expect(translator.hasNamespace('admin')).toBe(true);
  });

  it("reads the app's own locale files: an English and an Arabic plural as readers see them", () => {
    const english = createTranslator('en-us', enUs).fixedT('books');
    const arabic = createTranslator('ar-sa', arSa).fixedT('books');
    expect(english('card.chapters', { count: 1 })).toMatch(/^1 chapter$/);
    expect(english('card.chapters', { count: 12 })).toMatch(/^12 chapters$/);
    expect([0, 1, 2, 3, 11, 100].map((count) => arabic('card.chapters', { count }))).toEqual([
      'لا توجد فصول',
      'فصل واحد',
      'فصلان',
      '3 فصول',
      '11 فصلًا',
      '100 فصل',
    ]);
  });
});
