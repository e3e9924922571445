import { describe, expect, it } from 'vitest';
import { mapGenres, mapLanguage } from './metadata-mapping.js';

describe('metadata mapping', () => {
  it('maps ISO language codes onto our five languages', () => {
    expect(['en', 'EN-gb', 'zh_Hans', 'zh-TW', 'fr-CA', 'es', 'ar-EG', 'fr-fr'].map(mapLanguage)).toEqual([
      'en-us',
      'en-us',
      'zh-cn',
      'zh-cn',
      'fr-fr',
      'es-es',
      'ar-sa',
      'fr-fr',
    ]);
    expect(mapLanguage('de')).toBeNull();
    expect(mapLanguage('')).toBeNull();
  });

  it('maps genre names, English names and synonyms; reports the rest', () => {
    expect(mapGenres(['Mystery, Sci-Fi; 古典武侠', 'Cooking, thriller'])).toEqual({
      tags: ['悬疑推理', '未来科幻', '古典武侠'],
      unknown: ['Cooking'],
    });
    expect(mapGenres(['western fantasy']).tags).toEqual(['西方奇幻']);
  });
});
