import { describe, expect, it } from 'vitest';
import { applyWordFilter, type WordFilterEntry } from './word-filter.js';

const mask = (pattern: string): WordFilterEntry => ({ pattern, action: 'mask' });
const hold = (pattern: string): WordFilterEntry => ({ pattern, action: 'hold' });

describe('applyWordFilter', () => {
  it('leaves text alone without entries or matches', () => {
    expect(applyWordFilter('Hello', [])).toEqual({ text: 'Hello', held: false, matched: [] });
    expect(applyWordFilter('Hello', [mask('darn')])).toEqual({ text: 'Hello', held: false, matched: [] });
  });

  it('masks the matched letters whatever their case, accents or width', () => {
    expect(applyWordFilter('Darn it, DARN!', [mask('darn')]).text).toBe('**** it, ****!');
    expect(applyWordFilter('dárn', [mask('darn')]).text).toBe('****');
    expect(applyWordFilter('ｄａｒｎ', [mask('darn')]).text).toBe('****');
  });

  it('respects word edges for letters, not for scripts without spaces', () => {
    expect(applyWordFilter('a class act', [mask('ass')]).text).toBe('a class act');
    expect(applyWordFilter('ass', [mask('ass')]).text).toBe('***');
    expect(applyWordFilter('这是坏蛋吗', [mask('坏蛋')]).text).toBe('这是**吗');
  });

  it('holds the whole text on a hold entry and names what matched', () => {
    const outcome = applyWordFilter('Buy pills here, darn', [hold('buy pills'), mask('darn')]);
    expect(outcome).toEqual({ text: 'Buy pills here, ****', held: true, matched: ['buy pills', 'darn'] });
  });

  it('keeps the text around a mask as it was (emoji and line breaks)', () => {
    expect(applyWordFilter('😀 darn\nok', [mask('darn')]).text).toBe('😀 ****\nok');
  });
});
