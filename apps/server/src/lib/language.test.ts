import { describe, expect, it } from 'vitest';
import { fallbackOrder, pickTranslatedField, pickTranslation } from './language.js';

const rows = [
  { language: 'zh-cn', title: '原题', introduction: '简介' },
  { language: 'en-us', title: 'English title', introduction: '' },
];

describe('translation fallback', () => {
  it('tries English before the original language for readers who are not Chinese', () => {
    expect(fallbackOrder('ar-sa', 'zh-cn')).toEqual(['ar-sa', 'en-us', 'zh-cn']);
    expect(pickTranslation(rows, 'ar-sa', 'zh-cn')?.title).toBe('English title');
    expect(pickTranslation(rows, 'fr-fr', 'zh-cn')?.title).toBe('English title');
  });

  it('gives Chinese readers the original before English', () => {
    expect(fallbackOrder('zh-cn', 'fr-fr')).toEqual(['zh-cn', 'fr-fr']);
    expect(pickTranslation([{ language: 'fr-fr' }, { language: 'en-us' }], 'zh-cn', 'fr-fr')?.language).toBe('fr-fr');
  });

  it('skips an empty field in a translation for the next language that has it', () => {
    expect(pickTranslatedField(rows, 'es-es', 'zh-cn', (r) => r.introduction)).toBe('简介');
    expect(pickTranslatedField([], 'es-es', 'zh-cn', () => 'x')).toBe('');
  });
});
