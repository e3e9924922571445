import {
  useCallback,
  useEffect,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type MouseEvent,
  type PointerEvent,
  type ReactNode,
  type Ref,
} from 'react';
import { isTyping } from '../use-chapter-gestures';
import { canTurn, clampPan, FITTED, isZoomed, panBy, STEP, toggleAbout, wheelFactor, zoomAbout, type Zoom } from './zoom-math';
import styles from './ZoomSurface.module.css';

/** What the paged reader asks of the zoom (its page turns must never fight a zoomed page). */
export interface ZoomControl {
  /** True while the content is shown larger than its fitted size. */
  isZoomed(): boolean;
  /**
   * Whether a swipe or a turn towards `side` may turn the page: not zoomed, or the zoomed content
   * is already panned to that edge ('left': its left edge is in view; 'right': its right edge).
   */
  canTurn(side: 'left' | 'right'): boolean;
  /** Double-tap: zooms in at that point (2.5×), or back to the fitted size when zoomed. */
  toggleAt(clientX: number, clientY: number): void;
  zoomIn(): void;
  zoomOut(): void;
  /** Back to the fitted size, no animation. */
  reset(): void;
}

interface Props {
  children: ReactNode;
  className?: string;
  /** Resets the zoom when it changes (the page or spread shown). */
  resetKey: unknown;
  /** Whether ctrl+wheel and the +, − and 0 keys act (only the visible paged reader). */
  active: boolean;
  controlRef?: Ref<ZoomControl>;
  onZoomChange?(zoomed: boolean): void;
}

interface Pinch {
  distance: number;
  x: number;
  y: number;
  from: Zoom;
}

/** Before the frame is mounted (never asked in practice). */
const NOWHERE = { left: 0, top: 0, right: 0, bottom: 0, width: 0, height: 0 };

/** A mouse drag longer than this pans, and the click that ends it is not a tap. */
const DRAG = 5;

/**
 * Pinch, pan, ctrl+wheel and keys zoom the children. The zoom is a transform written straight to
 * the inner element (no render per move, no layout); React renders only when "zoomed" flips.
 */
export function ZoomSurface({ children, className, resetKey, active, controlRef, onZoomChange }: Props) {
  const frame = useRef<HTMLDivElement>(null);
  const inner = useRef<HTMLDivElement>(null);
  const zoom = useRef<Zoom>(FITTED);
  const [zoomed, setZoomed] = useState(false);
  const notify = useRef(onZoomChange);
  useLayoutEffect(() => {
    notify.current = onZoomChange;
  });
  const pointers = useRef(new Map<number, { x: number; y: number }>());
  const pinch = useRef<Pinch | null>(null);
  const dragged = useRef(0);
  /**
   * The zoom when the current touch or drag began, kept until its last events are handled: the
   * reader's swipe handler runs at touchend, after this pan has already reached an edge, and the
   * pan that brings the edge into view must not also turn the page (the next swipe does).
   */
  const gestureFrom = useRef<Zoom | null>(null);

  const box = useCallback(() => frame.current?.getBoundingClientRect() ?? NOWHERE, []);
  const apply = useCallback((next: Zoom, animate = false) => {
    const was = isZoomed(zoom.current);
    zoom.current = next;
    const element = inner.current;
    if (element) {
      element.toggleAttribute('data-animate', animate);
      element.style.transform = isZoomed(next) ? `translate(${next.x}px,${next.y}px) scale(${next.scale})` : '';
    }
    if (was !== isZoomed(next)) {
      setZoomed(!was);
      notify.current?.(!was);
    }
  }, []);
  /** Scales by `factor` about a viewport point, by default the middle of the frame's part in view. */
  const scaleBy = useCallback(
    (factor: number, animate: boolean, clientX?: number, clientY?: number) => {
      const rect = box();
      const x = clientX ?? (Math.max(rect.left, 0) + Math.min(rect.right, innerWidth)) / 2;
      const y = clientY ?? (Math.max(rect.top, 0) + Math.min(rect.bottom, innerHeight)) / 2;
      apply(zoomAbout(zoom.current, zoom.current.scale * factor, x - rect.left, y - rect.top, rect), animate);
    },
    [apply, box],
  );

  useImperativeHandle(
    controlRef,
    () => ({
      isZoomed: () => isZoomed(zoom.current),
      canTurn: (side) => canTurn(gestureFrom.current ?? zoom.current, side, box()),
      toggleAt(clientX, clientY) {
        const rect = box();
        apply(toggleAbout(zoom.current, clientX - rect.left, clientY - rect.top, rect), true);
      },
      zoomIn: () => scaleBy(STEP, true),
      zoomOut: () => scaleBy(1 / STEP, true),
      reset: () => apply(FITTED),
    }),
    [apply, box, scaleBy],
  );

  // Before paint: the next page never shows for a frame at the last page's zoom.
  useLayoutEffect(() => apply(FITTED), [resetKey, apply]);

  useEffect(() => {
    // A rotated phone or a resized window: the pan is kept inside the new frame.
    const onResize = () => apply(clampPan(zoom.current, box()));
    addEventListener('resize', onResize);
    return () => removeEventListener('resize', onResize);
  }, [apply, box]);

  useEffect(() => {
    const element = frame.current;
    if (!active || !element) return;
    // A trackpad pinch arrives as ctrl+wheel too. Non-passive, so the browser's own page zoom
    // can be prevented; without ctrl the wheel still scrolls the stage.
    const onWheel = (event: WheelEvent) => {
      if (!event.ctrlKey) return;
      event.preventDefault();
      scaleBy(wheelFactor(event.deltaY, event.deltaMode), false, event.clientX, event.clientY);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || isTyping(event.target)) return;
      if (event.key === '+' || event.key === '=') scaleBy(STEP, true);
      else if (event.key === '-' || event.key === '−') scaleBy(1 / STEP, true);
      else if (event.key === '0') apply(FITTED, true);
    };
    element.addEventListener('wheel', onWheel, { passive: false });
    addEventListener('keydown', onKey);
    return () => {
      element.removeEventListener('wheel', onWheel);
      removeEventListener('keydown', onKey);
    };
  }, [active, apply, scaleBy]);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    // A mouse only drags a zoomed page (a click on a fitted one is the reader's tap).
    if (event.pointerType === 'mouse') {
      if (event.button !== 0 || !isZoomed(zoom.current)) return;
      event.currentTarget.setPointerCapture(event.pointerId);
    }
    if (!pointers.current.size) {
      dragged.current = 0;
      gestureFrom.current = zoom.current;
    }
    pointers.current.set(event.pointerId, { x: event.clientX, y: event.clientY });
    const [a, b] = pointers.current.values();
    if (a && b) {
      const rect = box();
      pinch.current = {
        distance: Math.hypot(a.x - b.x, a.y - b.y) || 1,
        x: (a.x + b.x) / 2 - rect.left,
        y: (a.y + b.y) / 2 - rect.top,
        from: zoom.current,
      };
    }
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const last = pointers.current.get(event.pointerId);
    if (!last) return;
    const point = { x: event.clientX, y: event.clientY };
    pointers.current.set(event.pointerId, point);
    const [a, b] = pointers.current.values();
    const start = pinch.current;
    const size = box();
    if (a && b && start) {
      // Scales with the fingers' spread about where the pinch began, and follows their midpoint.
      const scaled = zoomAbout(start.from, (start.from.scale * Math.hypot(a.x - b.x, a.y - b.y)) / start.distance, start.x, start.y, size);
      apply(panBy(scaled, (a.x + b.x) / 2 - size.left - start.x, (a.y + b.y) / 2 - size.top - start.y, size));
    } else if (isZoomed(zoom.current)) {
      dragged.current += Math.abs(point.x - last.x) + Math.abs(point.y - last.y);
      apply(panBy(zoom.current, point.x - last.x, point.y - last.y, size));
    }
  };
  const onPointerUp = (event: PointerEvent<HTMLDivElement>) => {
    pointers.current.delete(event.pointerId);
    if (pointers.current.size < 2) pinch.current = null;
    // touchend and click follow pointerup in the same task: a timer runs after them.
    setTimeout(() => pointers.current.size || (gestureFrom.current = null));
  };
  const onClickCapture = (event: MouseEvent) => {
    // The click ending a mouse drag is not a tap on the page (no turn, no bars).
    if (dragged.current > DRAG) event.stopPropagation();
    dragged.current = 0;
  };

  return (
    <div
      ref={frame}
      className={className ? `${styles.frame} ${className}` : styles.frame}
      data-zoomed={zoomed}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={onPointerUp}
      onPointerCancel={onPointerUp}
      onClickCapture={onClickCapture}
      onDragStart={(event) => isZoomed(zoom.current) && event.preventDefault()}
    >
      <div ref={inner} className={styles.inner}>
        {children}
      </div>
    </div>
  );
}
