import { describe, expect, it } from 'vitest';
import { titleHighlights } from './title-highlights.js';

/** The highlighted stretches of a title, as text. */
const marked = (title: string, query: string) => titleHighlights(title, query).map(([start, end]) => title.slice(start, end));

describe('titleHighlights', () => {
  it('marks the words of the query as typed, in any case', () => {
    expect(titleHighlights('The Storm Gate', 'storm')).toEqual([[4, 9]]);
    expect(marked('The Storm Gate', 'GATE storm')).toEqual(['Storm', 'Gate']);
  });

  it('marks accented words found without their accents', () => {
    expect(marked('La Porte des Tempêtes', 'tempetes')).toEqual(['Tempêtes']);
    // é written as e and a combining accent: the mark belongs to the highlighted letter.
    expect(marked('Le He\u0301ros', 'heros')).toEqual(['He\u0301ros']);
  });

  it('marks French elisions and apostrophes as the index reads them', () => {
    expect(marked('L’Épingle de jade', 'epingle')).toEqual(['Épingle']);
    expect(marked('The Alchemist’s Apprentice', 'alchemists apprentice')).toEqual(['Alchemist’s', 'Apprentice']);
  });

  it('marks a Traditional title found in Simplified, and the other way', () => {
    expect(titleHighlights('風暴之門', '风暴')).toEqual([[0, 2]]);
    expect(marked('风暴之门', '風暴之門')).toEqual(['风暴之门']);
    expect(marked('斗罗大陆', '斗罗')).toEqual(['斗罗']);
  });

  it('marks full-width letters', () => {
    expect(marked('ＳＴＯＲＭ Gate', 'storm')).toEqual(['ＳＴＯＲＭ']);
  });

  it('marks Arabic words whatever their letter forms, diacritics, tatweel or article', () => {
    expect(marked('بوابة العاصفة', 'العاصفه')).toEqual(['العاصفة']);
    expect(marked('بوابة العاصفة', 'عاصفة')).toEqual(['العاصفة']);
    expect(marked('أمير الظـلام', 'امير')).toEqual(['أمير']);
    expect(marked('أمير الظـلام', 'الظلام')).toEqual(['الظـلام']);
  });

  it('marks Chinese characters found through pinyin and initials', () => {
    expect(marked('风暴之门', 'fengbao')).toEqual(['风暴']);
    expect(marked('风暴之门', 'fbzm')).toEqual(['风暴之门']);
  });

  it('marks typos the search forgives and the word being typed', () => {
    expect(marked('The Storm Gate', 'strom')).toEqual(['Storm']);
    expect(marked('The Storm Gate', 'the sto')).toEqual(['The', 'Storm']);
  });

  it('marks titles in other scripts, with offsets past characters outside the BMP', () => {
    expect(marked('Буря над городом', 'буря')).toEqual(['Буря']);
    expect(marked('𝒜 Storm', 'storm')).toEqual(['Storm']);
    expect(titleHighlights('𝒜 Storm', 'storm')).toEqual([[3, 8]]);
  });

  it('marks nothing when nothing of the title matched', () => {
    expect(titleHighlights('The Storm Gate', 'dragon')).toEqual([]);
    expect(titleHighlights('风暴之门', 'storm')).toEqual([]);
    expect(titleHighlights('The Storm Gate', '  !! ')).toEqual([]);
  });
});
