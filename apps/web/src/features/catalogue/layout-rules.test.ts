import { describe, expect, it } from 'vitest';
import { cardPageStep, gridColumns, recommendedCardWidth, scrollEdges, scrollOffset, tagScrollStep } from './layout-rules';

describe('layout by screen width (spec section 2)', () => {
  it('scrolls tags by 240 px, or 160 px up to 480 px', () => {
    expect(tagScrollStep(1280)).toBe(240);
    expect(tagScrollStep(481)).toBe(240);
    expect(tagScrollStep(480)).toBe(160);
    expect(tagScrollStep(390)).toBe(160);
  });

  it('uses 2 grid columns up to 480 px, 3 up to 768 px and 4 above', () => {
    expect(gridColumns(320)).toBe(2);
    expect(gridColumns(480)).toBe(2);
    expect(gridColumns(481)).toBe(3);
    expect(gridColumns(768)).toBe(3);
    expect(gridColumns(769)).toBe(4);
  });

  it('sizes recommended cards 148, 196 and 256 px', () => {
    expect(recommendedCardWidth(480)).toBe(148);
    expect(recommendedCardWidth(768)).toBe(196);
    expect(recommendedCardWidth(769)).toBe(256);
  });

  it('moves the recommendations by the whole cards in view, at least one', () => {
    expect(cardPageStep(1168, 256, 16)).toBe(4 * 272);
    expect(cardPageStep(100, 148, 12)).toBe(160);
  });
});

describe('carousel scrolling', () => {
  it('scrolls right for next and left for previous in left-to-right', () => {
    expect(scrollOffset('next', 240, false)).toBe(240);
    expect(scrollOffset('previous', 240, false)).toBe(-240);
  });

  it('mirrors in right-to-left: next scrolls towards negative scrollLeft', () => {
    expect(scrollOffset('next', 160, true)).toBe(-160);
    expect(scrollOffset('previous', 160, true)).toBe(160);
  });

  it('knows the edges in both directions', () => {
    expect(scrollEdges(0, 300, 900)).toEqual({ canPrevious: false, canNext: true });
    expect(scrollEdges(300, 300, 900)).toEqual({ canPrevious: true, canNext: true });
    expect(scrollEdges(600, 300, 900)).toEqual({ canPrevious: true, canNext: false });
    expect(scrollEdges(-600, 300, 900)).toEqual({ canPrevious: true, canNext: false });
    expect(scrollEdges(-0.5, 300, 900.5)).toEqual({ canPrevious: false, canNext: true });
    expect(scrollEdges(0, 300, 300)).toEqual({ canPrevious: false, canNext: false });
  });
});
