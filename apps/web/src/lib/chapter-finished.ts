/**
 * "The reader finished a chapter", told by the reading screen's finish hooks to whoever listens
 * (the install offer, features/pwa), without the reading screen importing them: an event on the
 * window, so neither part loads the other's code.
 */
const CHAPTER_FINISHED = 'inkstream:chapter-finished';

export const announceChapterFinished = (): void => void window.dispatchEvent(new Event(CHAPTER_FINISHED));

export const onChapterFinished = (listener: () => void): void => window.addEventListener(CHAPTER_FINISHED, listener);
