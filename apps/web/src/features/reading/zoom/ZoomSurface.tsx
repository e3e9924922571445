import { useImperativeHandle, type ReactNode, type Ref } from 'react';

/** What the paged reader asks of the zoom (its page turns must never fight a zoomed page). */
export interface ZoomControl {
  /** True while the content is shown larger than its fitted size. */
  isZoomed(): boolean;
  /**
   * Whether a swipe or a turn towards `side` may turn the page: not zoomed, or the zoomed content
   * is already panned to that edge ('left': its left edge is in view; 'right': its right edge).
   */
  canTurn(side: 'left' | 'right'): boolean;
  /** Double-tap: zooms in at that point (2×), or back to the fitted size when zoomed. */
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

/** STUB (issue 45 foundation): no zoom yet; the real surface handles pinch, pan, ctrl+wheel and keys. */
export function ZoomSurface({ children, className, controlRef }: Props) {
  useImperativeHandle(controlRef, () => ({
    isZoomed: () => false,
    canTurn: () => true,
    toggleAt: () => undefined,
    zoomIn: () => undefined,
    zoomOut: () => undefined,
    reset: () => undefined,
  }));
  return <div className={className}>{children}</div>;
}
