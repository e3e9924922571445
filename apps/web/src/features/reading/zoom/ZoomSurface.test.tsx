import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ZoomSurface, type ZoomControl } from './ZoomSurface';

// jsdom lays nothing out: the frame is a 400×600 box at the viewport's top-left corner.
const BOX = { left: 0, top: 0, right: 400, bottom: 600, width: 400, height: 600, x: 0, y: 0 };
beforeEach(() => {
  vi.spyOn(Element.prototype, 'getBoundingClientRect').mockReturnValue({ ...BOX, toJSON: () => BOX });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function setUp(props: { active?: boolean; resetKey?: unknown } = {}) {
  const control = createRef<ZoomControl>();
  const onZoomChange = vi.fn();
  const view = render(
    <ZoomSurface resetKey={props.resetKey ?? 0} active={props.active ?? true} controlRef={control} onZoomChange={onZoomChange}>
      <img alt="Page 1" src="data:," />
    </ZoomSurface>,
  );
  const frame = view.container.firstElementChild as HTMLElement;
  const inner = frame.firstElementChild as HTMLElement;
  /** The zoom as drawn: translate(x, y) scale(s), or the fitted size. */
  const drawn = () => {
    const match = /translate\((-?[\d.]+)px, ?(-?[\d.]+)px\) scale\(([\d.]+)\)/.exec(inner.style.transform);
    return match ? { x: Number(match[1]), y: Number(match[2]), scale: Number(match[3]) } : { x: 0, y: 0, scale: 1 };
  };
  const rerender = (next: { active?: boolean; resetKey?: unknown }) =>
    view.rerender(
      <ZoomSurface resetKey={next.resetKey ?? 0} active={next.active ?? true} controlRef={control} onZoomChange={onZoomChange}>
        <img alt="Page 1" src="data:," />
      </ZoomSurface>,
    );
  return { control: () => control.current!, onZoomChange, frame, inner, drawn, rerender };
}

const touch = (pointerId: number, clientX: number, clientY: number) => ({ pointerId, pointerType: 'touch', clientX, clientY });

describe('ZoomSurface', () => {
  it('starts fitted, and a double-tap zooms to 2.5× about the tapped point and back', () => {
    const { control, onZoomChange, frame, drawn } = setUp();
    expect(frame.dataset.zoomed).toBe('false');
    expect(control().canTurn('left') && control().canTurn('right')).toBe(true);
    act(() => control().toggleAt(100, 200));
    expect(frame.dataset.zoomed).toBe('true');
    expect(onZoomChange).toHaveBeenLastCalledWith(true);
    const zoom = drawn();
    expect(zoom.scale).toBe(2.5);
    // The content point under the tap (100, 200) is still under it.
    expect(zoom.x + 2.5 * 100).toBeCloseTo(100);
    expect(zoom.y + 2.5 * 200).toBeCloseTo(200);
    expect(control().isZoomed()).toBe(true);
    act(() => control().toggleAt(10, 10));
    expect(frame.dataset.zoomed).toBe('false');
    expect(onZoomChange).toHaveBeenLastCalledWith(false);
    expect(drawn()).toEqual({ x: 0, y: 0, scale: 1 });
  });

  it('zooms about the cursor on ctrl+wheel, taking the wheel from the browser only then', () => {
    const { frame, drawn } = setUp();
    const plainWheel = fireEvent.wheel(frame, { deltaY: -100, clientX: 300, clientY: 150 });
    expect(plainWheel).toBe(true); // not prevented: the stage scrolls
    expect(drawn().scale).toBe(1);
    const ctrlWheel = fireEvent.wheel(frame, { deltaY: -100, ctrlKey: true, clientX: 300, clientY: 150 });
    expect(ctrlWheel).toBe(false); // prevented: the browser does not zoom the whole page
    const zoom = drawn();
    expect(zoom.scale).toBeCloseTo(1.49, 2);
    expect(zoom.x + zoom.scale * 300).toBeCloseTo(300);
    expect(zoom.y + zoom.scale * 150).toBeCloseTo(150);
    act(() => void fireEvent.wheel(frame, { deltaY: 100, ctrlKey: true, clientX: 300, clientY: 150 }));
    expect(drawn().scale).toBe(1);
    expect(frame.dataset.zoomed).toBe('false');
  });

  it('leaves ctrl+wheel and the keys alone when not active', () => {
    const { frame, drawn } = setUp({ active: false });
    expect(fireEvent.wheel(frame, { deltaY: -100, ctrlKey: true })).toBe(true);
    fireEvent.keyDown(window, { key: '+' });
    expect(drawn().scale).toBe(1);
  });

  it('steps with + and = (1.5×), − and -, and resets with 0, about the middle of the frame', () => {
    const { frame, drawn } = setUp();
    act(() => void fireEvent.keyDown(window, { key: '+' }));
    expect(drawn()).toEqual({ scale: 1.5, x: -100, y: -150 });
    act(() => void fireEvent.keyDown(window, { key: '=' }));
    expect(drawn().scale).toBe(2.25);
    act(() => void fireEvent.keyDown(window, { key: '−' }));
    expect(drawn().scale).toBe(1.5);
    act(() => void fireEvent.keyDown(window, { key: '-' }));
    expect(drawn().scale).toBe(1);
    act(() => void fireEvent.keyDown(window, { key: '+' }));
    act(() => void fireEvent.keyDown(window, { key: '0' }));
    expect(drawn().scale).toBe(1);
    // Not the browser's own zoom (ctrl), not text typed in a field.
    fireEvent.keyDown(window, { key: '+', ctrlKey: true });
    const field = document.createElement('input');
    document.body.append(field);
    fireEvent.keyDown(field, { key: '+' });
    field.remove();
    expect(frame.dataset.zoomed).toBe('false');
  });

  it('resets when the resetKey changes (another page), not on other renders', () => {
    const { control, frame, onZoomChange, rerender } = setUp({ resetKey: 1 });
    act(() => control().zoomIn());
    rerender({ resetKey: 1, active: false });
    expect(frame.dataset.zoomed).toBe('true');
    rerender({ resetKey: 2 });
    expect(frame.dataset.zoomed).toBe('false');
    expect(onZoomChange).toHaveBeenLastCalledWith(false);
  });

  it('pans with one finger while zoomed and lets a turn through only at that edge', async () => {
    const { control, frame, drawn } = setUp();
    act(() => control().toggleAt(0, 300)); // zoomed at the left edge: its left edge is in view
    expect(control().canTurn('left')).toBe(true);
    expect(control().canTurn('right')).toBe(false);
    act(() => {
      fireEvent.pointerDown(frame, touch(1, 300, 300));
      fireEvent.pointerMove(frame, touch(1, 200, 300));
    });
    expect(drawn().x).toBe(-100);
    expect(control().canTurn('left')).toBe(true); // this touch began at the left edge
    act(() => void fireEvent.pointerUp(frame, touch(1, 200, 300)));
    await act(() => new Promise((done) => setTimeout(done)));
    expect(control().canTurn('left')).toBe(false);
    act(() => void fireEvent.pointerDown(frame, touch(1, 200, 300)));
    expect(control().canTurn('right')).toBe(false);
    act(() => {
      fireEvent.pointerMove(frame, touch(1, -900, 300)); // far past the right edge: stops there
      fireEvent.pointerUp(frame, touch(1, -900, 300));
    });
    expect(drawn().x).toBe(-600); // 400 × (1 − 2.5)
    // The reader's touchend comes right after: the pan that reached the edge does not also turn.
    expect(control().canTurn('right')).toBe(false);
    await act(() => new Promise((done) => setTimeout(done)));
    // The next swipe does.
    expect(control().canTurn('right')).toBe(true);
    expect(control().canTurn('left')).toBe(false);
  });

  it('does not pan a fitted page with one finger (that is the reader’s swipe)', () => {
    const { frame, drawn } = setUp();
    fireEvent.pointerDown(frame, touch(1, 300, 300));
    fireEvent.pointerMove(frame, touch(1, 100, 300));
    fireEvent.pointerUp(frame, touch(1, 100, 300));
    expect(drawn()).toEqual({ x: 0, y: 0, scale: 1 });
    expect(frame.dataset.zoomed).toBe('false');
  });

  it('pinches with two fingers about their midpoint', () => {
    const { frame, drawn, onZoomChange } = setUp();
    act(() => {
      fireEvent.pointerDown(frame, touch(1, 150, 300));
      fireEvent.pointerDown(frame, touch(2, 250, 300));
      fireEvent.pointerMove(frame, touch(1, 100, 300));
      fireEvent.pointerMove(frame, touch(2, 300, 300));
    });
    const zoom = drawn();
    expect(zoom.scale).toBe(2);
    expect(zoom.x + 2 * 200).toBeCloseTo(200); // the midpoint's content stays under it
    expect(onZoomChange).toHaveBeenLastCalledWith(true);
    act(() => {
      fireEvent.pointerUp(frame, touch(1, 100, 300));
      fireEvent.pointerCancel(frame, touch(2, 300, 300));
    });
    expect(frame.dataset.zoomed).toBe('true');
  });

  it('swallows the click that ends a mouse drag of a zoomed page, not a plain click', () => {
    const onClick = vi.fn();
    const control = createRef<ZoomControl>();
    const view = render(
      <div onClick={onClick}>
        <ZoomSurface resetKey={0} active controlRef={control}>
          <p>Page</p>
        </ZoomSurface>
      </div>,
    );
    const frame = view.container.querySelector('[data-zoomed]')!;
    frame.setPointerCapture = () => undefined; // jsdom has no pointer capture
    fireEvent.click(frame);
    expect(onClick).toHaveBeenCalledTimes(1);
    act(() => control.current!.zoomIn());
    const mouse = (clientX: number) => ({ pointerId: 9, pointerType: 'mouse', button: 0, clientX, clientY: 100 });
    act(() => {
      fireEvent.pointerDown(frame, mouse(200));
      fireEvent.pointerMove(frame, mouse(150));
      fireEvent.pointerUp(frame, mouse(150));
    });
    fireEvent.click(frame);
    expect(onClick).toHaveBeenCalledTimes(1);
    fireEvent.click(frame);
    expect(onClick).toHaveBeenCalledTimes(2);
  });
});
