import { describe, expect, it } from 'vitest';
import { scrollStep, type ScrollStep } from './hide-on-scroll';

const shown: ScrollStep = { hidden: false, lastTop: 400 };

describe('scrollStep (the phone header and the reader bars)', () => {
  it('hides on a scroll down and shows again on a scroll up', () => {
    const down = scrollStep(600, shown);
    expect(down).toEqual({ hidden: true, lastTop: 600 });
    expect(scrollStep(500, down)).toEqual({ hidden: false, lastTop: 500 });
  });

  it('ignores a few pixels of jitter either way', () => {
    expect(scrollStep(405, shown)).toBe(shown);
    const hidden: ScrollStep = { hidden: true, lastTop: 800 };
    expect(scrollStep(795, hidden)).toBe(hidden);
  });

  it('always shows near the top of the page', () => {
    expect(scrollStep(40, { hidden: true, lastTop: 20 })).toEqual({ hidden: false, lastTop: 40 });
  });
});
