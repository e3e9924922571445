import { useState } from 'react';

/**
 * The pages of a keyset list seen so far: the cursor of each (the first has none). Next pushes the
 * answer's `next_cursor`, previous goes back one; a change of `filters` starts again at the first.
 * The server cannot page backwards from a cursor, so going back reuses the cursor that led here.
 */
export function useCursorPages(filters: string) {
  const [state, setState] = useState<{ filters: string; cursors: string[] }>({ filters, cursors: [] });
  const cursors = state.filters === filters ? state.cursors : [];
  return {
    /** 0 for the first page. */
    page: cursors.length,
    cursor: cursors.at(-1),
    next: (cursor: string) => setState({ filters, cursors: [...cursors, cursor] }),
    previous: () => setState({ filters, cursors: cursors.slice(0, -1) }),
  };
}
