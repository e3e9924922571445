import { useCallback, useEffect, useRef, useState } from 'react';
import { copyText } from './copy-text';

/** How long the 'copied' tooltip stays (spec section 9). */
export const COPIED_TOOLTIP_MS = 1500;

export type CopyState = 'idle' | 'copied' | 'failed';

/** Copy with a transient state for the tooltip; the timer is cleared on unmount. */
export function useCopy(): { state: CopyState; copy(text: string, container?: HTMLElement | null): Promise<void> } {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = useCallback(async (text: string, container?: HTMLElement | null) => {
    const copied = await copyText(text, container ?? undefined);
    setState(copied ? 'copied' : 'failed');
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setState('idle'), COPIED_TOOLTIP_MS);
  }, []);

  return { state, copy };
}
