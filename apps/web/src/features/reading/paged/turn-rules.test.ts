import { describe, expect, it } from 'vitest';
import { keyTurn, swipeTurn, tapZone, turnSide } from './turn-rules';

describe('keys', () => {
  it('left to right: ArrowRight, Page Down and Space go forward; ArrowLeft and Page Up back', () => {
    expect(['ArrowRight', 'PageDown', ' '].map((key) => keyTurn(key, 'ltr'))).toEqual(['next', 'next', 'next']);
    expect(['ArrowLeft', 'PageUp'].map((key) => keyTurn(key, 'ltr'))).toEqual(['previous', 'previous']);
  });
  it('right to left: the arrows are mirrored, Page Up/Down and Space are not', () => {
    expect(keyTurn('ArrowLeft', 'rtl')).toBe('next');
    expect(keyTurn('ArrowRight', 'rtl')).toBe('previous');
    expect(keyTurn('PageDown', 'rtl')).toBe('next');
    expect(keyTurn(' ', 'rtl')).toBe('next');
    expect(keyTurn('PageUp', 'rtl')).toBe('previous');
  });
  it('Home and End: first and last page; other keys nothing', () => {
    expect(keyTurn('Home', 'rtl')).toBe('first');
    expect(keyTurn('End', 'ltr')).toBe('last');
    expect(keyTurn('ArrowDown', 'ltr')).toBeNull();
    expect(keyTurn('Enter', 'rtl')).toBeNull();
  });
});

describe('tap zones', () => {
  it('left to right: left third back, middle the menu, right third forward', () => {
    expect(tapZone(10, 300, 'ltr')).toBe('previous');
    expect(tapZone(150, 300, 'ltr')).toBe('menu');
    expect(tapZone(290, 300, 'ltr')).toBe('next');
  });
  it('right to left: mirrored, a tap on the left goes forward', () => {
    expect(tapZone(10, 300, 'rtl')).toBe('next');
    expect(tapZone(150, 300, 'rtl')).toBe('menu');
    expect(tapZone(290, 300, 'rtl')).toBe('previous');
  });
  it('a zone with no width is the menu', () => {
    expect(tapZone(0, 0, 'ltr')).toBe('menu');
  });
});

describe('swipes', () => {
  it('left to right: swiping left goes forward, right goes back', () => {
    expect(swipeTurn(-120, 5, 'ltr')).toBe('next');
    expect(swipeTurn(120, 5, 'ltr')).toBe('previous');
  });
  it('right to left: swiping right goes forward', () => {
    expect(swipeTurn(120, 5, 'rtl')).toBe('next');
    expect(swipeTurn(-120, 5, 'rtl')).toBe('previous');
  });
  it('with the strip’s thresholds: short or mostly vertical moves do nothing', () => {
    expect(swipeTurn(-40, 0, 'ltr')).toBeNull();
    expect(swipeTurn(-100, 80, 'rtl')).toBeNull();
  });
});

describe('the side a turn comes from (a zoomed page turns only at that edge)', () => {
  it('the next page lies to the right left to right, to the left right to left', () => {
    expect(turnSide('next', 'ltr')).toBe('right');
    expect(turnSide('previous', 'ltr')).toBe('left');
    expect(turnSide('next', 'rtl')).toBe('left');
    expect(turnSide('previous', 'rtl')).toBe('right');
  });
});
