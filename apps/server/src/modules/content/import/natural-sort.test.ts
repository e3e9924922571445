import { describe, expect, it } from 'vitest';
import { compareNatural, comparePaths } from './natural-sort.js';

describe('natural order', () => {
  it('puts 2 before 10, whatever the case and padding', () => {
    expect(['10.jpg', '2.jpg', '1.jpg', '02b.jpg'].sort(compareNatural)).toEqual(['1.jpg', '2.jpg', '02b.jpg', '10.jpg']);
    expect(['Chapter 10', 'chapter 9', 'Chapter 1'].sort(compareNatural)).toEqual(['Chapter 1', 'chapter 9', 'Chapter 10']);
  });

  it('orders paths folder by folder', () => {
    expect(['Vol 2/Ch 1', 'Vol 10/Ch 1', 'Vol 2/Ch 10', 'Vol 2/Ch 9'].sort(comparePaths)).toEqual([
      'Vol 2/Ch 1',
      'Vol 2/Ch 9',
      'Vol 2/Ch 10',
      'Vol 10/Ch 1',
    ]);
  });
});
