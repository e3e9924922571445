import type { ReadingDirection } from '@inkstream/contracts';
import { useEffect, useLayoutEffect, useRef } from 'react';
import { keyTurn, type PageTurn } from './turn-rules';

/** Keys that belong to what has the focus: typing, a slider, a button's Space, a link. */
function ownsKey(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName)) return true;
  return key === ' ' && !!target.closest('button, a, summary, [role="button"]');
}

/** The paged reader's keys (turn-rules.ts keyTurn), on the whole window as the strip's chapter keys are. */
export function usePageKeys(onTurn: (turn: PageTurn) => void, direction: ReadingDirection): void {
  const callback = useRef(onTurn);
  useLayoutEffect(() => {
    callback.current = onTurn;
  });
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      if (ownsKey(event.target, event.key)) return;
      const turn = keyTurn(event.key, direction);
      if (!turn) return;
      // Space, Page Up/Down, Home and End would also scroll the window.
      event.preventDefault();
      callback.current(turn);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [direction]);
}
