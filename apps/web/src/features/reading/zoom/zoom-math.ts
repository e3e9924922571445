/**
 * The zoom's geometry, pure. The content is drawn as `translate(x, y) scale(scale)` with its
 * transform origin at its top-left corner, inside a frame of the content's own fitted size: a
 * content point c shows at x + scale × c in the frame.
 */
export interface Zoom {
  scale: number;
  x: number;
  y: number;
}

export interface Size {
  width: number;
  height: number;
}

export const FITTED: Zoom = { scale: 1, x: 0, y: 0 };
export const MAX_SCALE = 4;
/** What a double-tap zooms to: a panel fills a phone's width without the page turning to mush. */
export const TAP_SCALE = 2.5;
/** One press of + or −. */
export const STEP = 1.5;

/** Within a pixel of an edge counts as at it (pans end on fractions of a pixel). */
const EDGE = 1;

export function isZoomed(zoom: Zoom): boolean {
  return zoom.scale > 1;
}

/** Between 1 and 4; a hair above 1 (the end of a pinch back out) snaps to the fitted size. */
export function clampScale(scale: number): number {
  return scale < 1.01 ? 1 : Math.min(scale, MAX_SCALE);
}

/** Keeps the content covering the frame: no gap opens at any edge, however far it is panned. */
export function clampPan(zoom: Zoom, size: Size): Zoom {
  const scale = clampScale(zoom.scale);
  const within = (offset: number, length: number) => Math.min(0, Math.max(length * (1 - scale), offset));
  return { scale, x: within(zoom.x, size.width), y: within(zoom.y, size.height) };
}

/** Scales to `scale` about the frame point (px, py): the content under that point stays under it. */
export function zoomAbout(zoom: Zoom, scale: number, px: number, py: number, size: Size): Zoom {
  const ratio = clampScale(scale) / zoom.scale;
  return clampPan({ scale: zoom.scale * ratio, x: px - (px - zoom.x) * ratio, y: py - (py - zoom.y) * ratio }, size);
}

export function panBy(zoom: Zoom, dx: number, dy: number, size: Size): Zoom {
  return clampPan({ ...zoom, x: zoom.x + dx, y: zoom.y + dy }, size);
}

/** Double-tap: in to TAP_SCALE about the point, or back to the fitted size when zoomed. */
export function toggleAbout(zoom: Zoom, px: number, py: number, size: Size): Zoom {
  return isZoomed(zoom) ? FITTED : zoomAbout(zoom, TAP_SCALE, px, py, size);
}

/**
 * Whether a turn towards `side` may happen: not zoomed, or panned to that edge, so a swipe first
 * pans a zoomed page to its edge and only the next one turns it.
 */
export function canTurn(zoom: Zoom, side: 'left' | 'right', size: Size): boolean {
  if (!isZoomed(zoom)) return true;
  return side === 'left' ? zoom.x >= -EDGE : zoom.x <= size.width * (1 - zoom.scale) + EDGE;
}

/**
 * The scale factor of one ctrl+wheel event. A trackpad pinch sends many small deltas, a mouse
 * wheel notch about 100 px (or 3 lines in Firefox): the log scale suits the first, the cap keeps a
 * notch near one 1.5× step.
 */
export function wheelFactor(deltaY: number, deltaMode: number): number {
  const pixels = deltaMode === 1 ? deltaY * 16 : deltaY;
  return Math.exp(-Math.max(-40, Math.min(40, pixels)) / 100);
}
