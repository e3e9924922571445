import { describe, expect, it } from 'vitest';
import { arrowKeyStep, neighbourPath, swipeStep, SWIPE_THRESHOLD_PX } from './reading-navigation';

describe('swipeStep', () => {
  it('needs a horizontal move over 60 px', () => {
    expect(SWIPE_THRESHOLD_PX).toBe(60);
    expect(swipeStep(-60, 0, false)).toBeNull();
    expect(swipeStep(60, 0, false)).toBeNull();
    expect(swipeStep(-61, 0, false)).toBe('next');
    expect(swipeStep(61, 0, false)).toBe('previous');
  });

  it('needs the move to be at least twice as far sideways as vertically (an upward flick never turns)', () => {
    expect(swipeStep(-100, 100, false)).toBeNull();
    expect(swipeStep(-100, -120, false)).toBeNull();
    expect(swipeStep(-100, 99, false)).toBeNull();
    expect(swipeStep(-150, -80, false)).toBeNull(); // a flick up and to the left
    expect(swipeStep(-100, 50, false)).toBe('next');
    expect(swipeStep(100, -50, false)).toBe('previous');
  });

  it('is mirrored right to left: a swipe to the left goes to the previous chapter', () => {
    expect(swipeStep(-80, 10, true)).toBe('previous');
    expect(swipeStep(80, 10, true)).toBe('next');
    expect(swipeStep(-50, 0, true)).toBeNull();
  });
});

describe('arrowKeyStep', () => {
  it('maps the arrow keys left to right', () => {
    expect(arrowKeyStep('ArrowRight', false)).toBe('next');
    expect(arrowKeyStep('ArrowLeft', false)).toBe('previous');
  });

  it('mirrors them right to left', () => {
    expect(arrowKeyStep('ArrowRight', true)).toBe('previous');
    expect(arrowKeyStep('ArrowLeft', true)).toBe('next');
  });

  it('ignores other keys', () => {
    expect(arrowKeyStep('ArrowUp', false)).toBeNull();
    expect(arrowKeyStep('Enter', true)).toBeNull();
  });
});

describe('neighbourPath', () => {
  const content = { chapter_number: 5, prev_chapter_uuid: 'p-uuid', next_chapter_uuid: 'n-uuid' };

  it('goes to the neighbour with number minus or plus one', () => {
    expect(neighbourPath('b', content, 'previous')).toBe('/reader/book/chapter/b/p-uuid/4');
    expect(neighbourPath('b', content, 'next')).toBe('/reader/book/chapter/b/n-uuid/6');
  });

  it('has nowhere to go without a neighbour', () => {
    expect(neighbourPath('b', { ...content, prev_chapter_uuid: null }, 'previous')).toBeNull();
    expect(neighbourPath('b', { ...content, next_chapter_uuid: null }, 'next')).toBeNull();
  });
});
