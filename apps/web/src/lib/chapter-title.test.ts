import { describe, expect, it } from 'vitest';
import { titleNamesNumber } from './chapter-title';

describe('titleNamesNumber', () => {
  it('is true when the title carries the number on its own, in any script', () => {
    expect(titleNamesNumber('Chapter 1: The Beginning', 1)).toBe(true);
    expect(titleNamesNumber('第12话 归来', 12)).toBe(true);
    expect(titleNamesNumber('第１２话', 12)).toBe(true);
    expect(titleNamesNumber('الفصل ٣', 3)).toBe(true);
    expect(titleNamesNumber('Ch.07', 7)).toBe(true);
  });

  it('is false when the number is only part of another number, or absent', () => {
    expect(titleNamesNumber('Chapter 12', 1)).toBe(false);
    expect(titleNamesNumber('1984', 1)).toBe(false);
    expect(titleNamesNumber('Part 2.1', 1)).toBe(false);
    expect(titleNamesNumber('The Beginning', 1)).toBe(false);
    expect(titleNamesNumber('', 1)).toBe(false);
  });
});
