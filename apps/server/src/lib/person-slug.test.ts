import { describe, expect, it } from 'vitest';
import { personSlug, splitCredit } from './person-slug.js';

describe('personSlug', () => {
  it('keeps letters of every script, drops alphabet accents and joins the rest with one dash', () => {
    expect(personSlug('Hiroshi Tanaka')).toBe('hiroshi-tanaka');
    expect(personSlug('José  Ñúñez')).toBe('jose-nunez');
    expect(personSlug('がんばる 太郎')).toBe('がんばる-太郎');
    expect(personSlug('王小明')).toBe('王小明');
    expect(personSlug('مُحَمَّد علي')).toBe('محمد-علي');
    expect(personSlug('Tanaka, Hiroshi')).toBe('tanaka-hiroshi');
    expect(personSlug('ＡＢＣ')).toBe('abc');
    expect(personSlug('!!!')).toBe('');
  });
});

describe('splitCredit', () => {
  it('splits a credit line on &, 、, / and ; but never on a comma', () => {
    expect(splitCredit('A & B')).toEqual(['A', 'B']);
    expect(splitCredit('王小明、李四')).toEqual(['王小明', '李四']);
    expect(splitCredit('Tanaka, Hiroshi')).toEqual(['Tanaka, Hiroshi']);
    expect(splitCredit('X / Y; Z; X')).toEqual(['X', 'Y', 'Z']);
    expect(splitCredit('  ')).toEqual([]);
    expect(splitCredit(null)).toEqual([]);
  });
});
