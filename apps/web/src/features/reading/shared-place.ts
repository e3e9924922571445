import type { ReadingPosition } from './reading-position';

/**
 * Where the reader is in the chapter shown, kept by the reading screen and updated by whichever
 * view shows it (the strip as it scrolls, the paged reader as it turns), so switching modes keeps
 * the page in view: the other view opens at this place when it is in the same chapter.
 */
export interface SharedPlace {
  chapterUuid: string;
  position: ReadingPosition;
  /** Which view wrote it: the strip opens at a place only when the paged reader left it (a mode switch). */
  by: 'strip' | 'paged';
}
