import { describe, expect, it } from 'vitest';
import { canTurn, clampPan, clampScale, FITTED, panBy, toggleAbout, wheelFactor, zoomAbout, type Zoom } from './zoom-math';

const size = { width: 400, height: 600 };
/** Where content point (cx, cy) shows in the frame. */
const shown = (zoom: Zoom, cx: number, cy: number) => ({ x: zoom.x + zoom.scale * cx, y: zoom.y + zoom.scale * cy });

describe('zoom-math', () => {
  it('keeps the scale between the fitted size and 4×, snapping a hair above 1 back to 1', () => {
    expect(clampScale(0.5)).toBe(1);
    expect(clampScale(1.005)).toBe(1);
    expect(clampScale(2)).toBe(2);
    expect(clampScale(9)).toBe(4);
  });

  it('zooms about a point: the content under it stays under it', () => {
    const zoom = zoomAbout(FITTED, 2, 100, 200, size);
    expect(zoom.scale).toBe(2);
    expect(shown(zoom, 100, 200)).toEqual({ x: 100, y: 200 });
    // Again from a zoomed, panned state: content point (150, 250) sits at frame point (100, 200).
    const further = zoomAbout(zoom, 3, 100, 200, size);
    expect(further.scale).toBe(3);
    expect(shown(further, 100, 200)).toEqual({ x: 100, y: 200 });
  });

  it('never pans the content away from an edge, whatever the point or the pan', () => {
    // Zooming about the top-left corner keeps that corner pinned.
    expect(zoomAbout(FITTED, 2, 0, 0, size)).toEqual({ scale: 2, x: 0, y: 0 });
    // Zooming about the bottom-right corner pins that one (content 800×1200 in a 400×600 frame).
    expect(zoomAbout(FITTED, 2, 400, 600, size)).toEqual({ scale: 2, x: -400, y: -600 });
    const zoomed = { scale: 2, x: -100, y: -100 };
    expect(panBy(zoomed, 500, 500, size)).toEqual({ scale: 2, x: 0, y: 0 });
    expect(panBy(zoomed, -900, -900, size)).toEqual({ scale: 2, x: -400, y: -600 });
    expect(panBy(zoomed, 30, -40, size)).toEqual({ scale: 2, x: -70, y: -140 });
    // At the fitted size nothing pans.
    expect(panBy(FITTED, 50, 50, size)).toEqual(FITTED);
    // Zooming out re-clamps: a pan that fitted 4× does not leave a gap at 2×.
    expect(zoomAbout({ scale: 4, x: -1200, y: -1800 }, 2, 0, 0, size)).toEqual({ scale: 2, x: -400, y: -600 });
  });

  it('lets a page turn only when not zoomed or panned to that edge (within a pixel)', () => {
    expect(canTurn(FITTED, 'left', size)).toBe(true);
    expect(canTurn(FITTED, 'right', size)).toBe(true);
    const middle = { scale: 2, x: -200, y: 0 };
    expect(canTurn(middle, 'left', size)).toBe(false);
    expect(canTurn(middle, 'right', size)).toBe(false);
    expect(canTurn({ ...middle, x: -0.6 }, 'left', size)).toBe(true);
    expect(canTurn({ ...middle, x: -0.6 }, 'right', size)).toBe(false);
    expect(canTurn({ ...middle, x: -399.5 }, 'right', size)).toBe(true);
    expect(canTurn({ ...middle, x: -399.5 }, 'left', size)).toBe(false);
    expect(canTurn({ ...middle, x: -397 }, 'right', size)).toBe(false);
  });

  it('toggles 1 ↔ 2.5 about the tapped point on a double-tap', () => {
    const zoomed = toggleAbout(FITTED, 120, 300, size);
    expect(zoomed.scale).toBe(2.5);
    expect(shown(zoomed, 120, 300)).toEqual({ x: 120, y: 300 });
    expect(toggleAbout(zoomed, 10, 10, size)).toEqual(FITTED);
  });

  it('turns a wheel notch into about one 1.5× step and a trackpad pinch into small ones', () => {
    expect(wheelFactor(-100, 0)).toBeCloseTo(1.49, 2);
    expect(wheelFactor(100, 0)).toBeCloseTo(1 / 1.49, 2);
    expect(wheelFactor(-3, 1)).toBeCloseTo(1.49, 2);
    expect(wheelFactor(-2, 0)).toBeCloseTo(1.02, 2);
  });

  it('clamps a pan made at one size into a smaller frame', () => {
    expect(clampPan({ scale: 2, x: -700, y: 10 }, size)).toEqual({ scale: 2, x: -400, y: 0 });
  });
});
