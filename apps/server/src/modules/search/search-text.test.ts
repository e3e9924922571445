import { describe, expect, it } from 'vitest';
import { splitPinyin } from './pinyin-syllables.js';
import { bigramsOf, foldGlued, foldText, piecesOf, pinyinOf } from './search-text.js';

describe('foldText', () => {
  it('folds case, accents, full-width forms and punctuation', () => {
    expect(foldText('Héros')).toBe('heros');
    expect(foldText('ＨＥＲＯＳ　１２')).toBe('heros 12');
    expect(foldText('La Porte des tempêtes!')).toBe('la porte des tempetes');
    expect(foldText('Post-apocalyptic…')).toBe('post apocalyptic');
    expect(foldText('fēngbào')).toBe('fengbao');
  });

  it('removes apostrophes inside words, whichever the apostrophe', () => {
    expect(foldText('The Alchemist’s Apprentice')).toBe('the alchemists apprentice');
    expect(foldText("The Alchemist's Apprentice")).toBe('the alchemists apprentice');
  });

  it('splits French elisions into words', () => {
    expect(foldText('L’Épingle de jade')).toBe('l epingle de jade');
    expect(foldText("Voyage dans l'histoire d’armes qu’il")).toBe('voyage dans l histoire d armes qu il');
  });

  it('splits Italian elided articles and prepositions into words', () => {
    expect(foldText('L’isola dell’anima')).toBe('l isola dell anima');
    expect(foldText("Nell'ombra, all’alba: un’avventura")).toBe('nell ombra all alba un avventura');
  });

  it('also reads elisions glued, as a reader who leaves the apostrophe out types them', () => {
    expect(foldGlued('L’Épingle de jade')).toBe('lepingle de jade');
    expect(foldGlued("Voyage dans l'histoire d’armes")).toBe('voyage dans lhistoire darmes');
    expect(foldGlued('L’isola dell’anima')).toBe('lisola dellanima');
    // Nothing to glue: no elision (an apostrophe inside a word is already removed).
    expect(foldGlued('The Alchemist’s Apprentice')).toBeNull();
    expect(foldGlued('The Storm Gate')).toBeNull();
  });

  it('folds Traditional Chinese to Simplified', () => {
    expect(foldText('風暴之門')).toBe('风暴之门');
    expect(foldText('风暴之门')).toBe('风暴之门');
  });

  it('normalises Arabic: alef forms, taa marbuta, alef maqsura, diacritics and tatweel', () => {
    expect(foldText('أحمد')).toBe(foldText('احمد'));
    expect(foldText('إسلام آمن')).toBe('اسلام امن');
    expect(foldText('بوابة')).toBe('بوابه');
    expect(foldText('مستشفى')).toBe('مستشفي');
    expect(foldText('العَاصِفَة')).toBe('العاصفه');
    expect(foldText('العـــاصفة')).toBe('العاصفه');
  });
});

describe('pieces, pairs and pinyin', () => {
  it('splits Chinese runs from words', () => {
    expect(piecesOf('abc风暴 gate')).toEqual([
      { text: 'abc', isHan: false },
      { text: '风暴', isHan: true },
      { text: 'gate', isHan: false },
    ]);
  });

  it('pairs Chinese characters, and keeps one alone', () => {
    expect(bigramsOf('风暴之门')).toEqual(['风暴', '暴之', '之门']);
    expect(bigramsOf('门')).toEqual(['门']);
  });

  it('gives pinyin syllables without tones and their initials', () => {
    expect(pinyinOf('风暴之门')).toEqual({ syllables: ['feng', 'bao', 'zhi', 'men'], initials: 'fbzm' });
    expect(pinyinOf('绿').syllables).toEqual(['lu']);
  });
});

describe('splitPinyin', () => {
  it('splits typed pinyin into the fewest syllables', () => {
    expect(splitPinyin('fengbao', false)).toEqual(['feng', 'bao']);
    expect(splitPinyin('jiuzhoujiange', false)).toEqual(['jiu', 'zhou', 'jian', 'ge']);
    expect(splitPinyin('xian', false)).toBeNull(); // one syllable: searched as the word it is
  });

  it('lets the last syllable be unfinished while typing, and refuses what is not pinyin', () => {
    expect(splitPinyin('fengb', true)).toEqual(['feng', 'b']);
    expect(splitPinyin('fengb', false)).toBeNull();
    expect(splitPinyin('storm', false)).toBeNull();
    expect(splitPinyin('feng-bao', false)).toBeNull();
  });
});
